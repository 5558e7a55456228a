/**
 * Checkout's answer to the payment cores' events: the §5.3 callback, recorded in the same write as the state change.
 * A 3DS / redirect step is reported as §5.3 describes it: type 3ds|redirect, status waiting when the payer is sent
 * there, then success|fail for the step itself, followed by the outcome (type sale ..., the final order_status).
 */
import type { Deps } from '../deps.js';
import type { Merchant } from '../../domain/merchant.js';
import { recordCallback } from '../../domain/callback-factory.js';
import { checkoutKindOfTransaction } from '../../domain/actions.js';
import type { FollowUpType } from '../../domain/payment-machine/index.js';
import {
  checkoutCallbackFields,
  type CheckoutCallbackStatus,
  type CheckoutCallbackType,
  type CheckoutEvent,
} from '../../protocol/checkout/callback.js';
import type { CallbackRecorder, PaymentEvent } from '../payment/index.js';

/** The state machine's follow-up transactions, as §5.3 names them. */
const FOLLOW_UP_TYPES: Record<FollowUpType, CheckoutCallbackType> = {
  CAPTURE: 'capture',
  VOID: 'void',
  // The spec: a reversal is reported as type refund with order_status reversal.
  REFUND: 'refund',
  REVERSAL: 'refund',
};

/** The payer's steps (a 3DS / redirect history entry), as §5.3 names them. */
const STEP_TYPES: Record<'3DS' | 'REDIRECT', CheckoutCallbackType> = { '3DS': '3ds', REDIRECT: 'redirect' };

const isFollowUp = (operation: string): operation is FollowUpType => Object.hasOwn(FOLLOW_UP_TYPES, operation);
const isStep = (type: string): type is keyof typeof STEP_TYPES => Object.hasOwn(STEP_TYPES, type);

/** A payment's own transaction is named by the actions table (domain/actions.ts); its follow-ups by the machine's. */
const callbackType = (operation: string): CheckoutCallbackType | undefined =>
  isFollowUp(operation) ? FOLLOW_UP_TYPES[operation] : checkoutKindOfTransaction(operation);

const EVENT_STATUSES: Record<PaymentEvent['result'], CheckoutCallbackStatus | undefined> = {
  SUCCESS: 'success',
  DECLINED: 'fail',
  UNDEFINED: 'undefined',
  REDIRECT: undefined,
  // The Checkout page offers no method that waits for a transfer (crypto address); it would be "waiting".
  INIT: 'waiting',
};

export function checkoutCallbacks(d: Pick<Deps, 'newId'>, merchant: Merchant): CallbackRecorder {
  return (payment, event) => {
    const record = (e: CheckoutEvent) =>
      recordCallback(payment, merchant, checkoutCallbackFields(payment, merchant, e, event.date), d.newId(), event.date);
    if (event.result === 'REDIRECT') {
      const step = isStep(event.operation) ? STEP_TYPES[event.operation] : undefined;
      return step ? record({ type: step, status: 'waiting', orderStatus: step }) : [];
    }
    const type = callbackType(event.operation);
    const status = EVENT_STATUSES[event.result];
    if (!type || !status) return [];
    // The payer just finished a 3DS / redirect step: report the step, then the outcome.
    const finishedStep = payment.history.find((h) => isStep(h.type) && h.date === event.date && h.status !== 'waiting');
    const stepType = finishedStep && isStep(finishedStep.type) ? STEP_TYPES[finishedStep.type] : undefined;
    const stepCallback =
      finishedStep && stepType
        ? record({
            type: stepType,
            status: finishedStep.status === 'success' ? 'success' : 'fail',
            orderStatus: stepType,
            reason: event.declineReason,
          })
        : [];
    const creditvoid =
      event.operation === 'REFUND' || event.operation === 'REVERSAL'
        ? { operation: event.operation, attemptId: event.attemptId }
        : undefined;
    return [...stepCallback, ...record({ type, status, reason: event.declineReason, ...(creditvoid ? { creditvoid } : {}) })];
  };
}
