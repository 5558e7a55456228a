/**
 * Checkout's answer to the payment cores' events: the §5.3 callback, recorded in the same write as the state change.
 * A 3DS / redirect step is reported as §5.3 describes it: type 3ds|redirect, status waiting when the payer is sent
 * there, then success|fail for the step itself, followed by the outcome (type sale ..., the final order_status).
 */
import type { Deps } from '../../deps.js';
import type { Merchant } from '../../domain/merchant.js';
import { recordCallback } from '../../domain/callback-factory.js';
import { checkoutCallbackFields, type CheckoutCallbackStatus, type CheckoutCallbackType, type CheckoutEvent } from '../../protocol/checkout/callback.js';
import type { CallbackRecorder, PaymentEvent } from '../payment/types.js';

const TYPES: Record<string, CheckoutCallbackType> = {
  SALE: 'sale',
  AUTH: 'sale',
  DEBIT: 'debit',
  CREDIT2CARD: 'credit',
  CARD2CARD: 'transfer',
  RECURRING_SALE: 'recurring',
  RECURRING_DEBIT: 'recurring',
  CAPTURE: 'capture',
  // The spec: a reversal is reported as type refund with order_status reversal.
  REFUND: 'refund',
  REVERSAL: 'refund',
  VOID: 'void',
};

const STATUSES: Record<PaymentEvent['result'], CheckoutCallbackStatus | undefined> = {
  SUCCESS: 'success',
  DECLINED: 'fail',
  UNDEFINED: 'undefined',
  REDIRECT: undefined,
  // The Checkout page offers no method that waits for a transfer (crypto address); it would be "waiting".
  INIT: 'waiting',
};

export function checkoutCallbacks(d: Deps, merchant: Merchant): CallbackRecorder {
  return (payment, event) => {
    const record = (e: CheckoutEvent) => recordCallback(payment, merchant, checkoutCallbackFields(payment, merchant, e, event.date), d.newId(), event.date);
    if (event.result === 'REDIRECT') {
      const step = STEP_TYPES[event.operation];
      return step ? record({ type: step, status: 'waiting', orderStatus: step }) : [];
    }
    const type = TYPES[event.operation];
    const status = STATUSES[event.result];
    if (!type || !status) return [];
    // The payer just finished a 3DS / redirect step: report the step, then the outcome.
    const finishedStep = payment.history.find((h) => (h.type === '3DS' || h.type === 'REDIRECT') && h.date === event.date && h.status !== 'waiting');
    const stepType = finishedStep && STEP_TYPES[finishedStep.type];
    const stepCallback = stepType ? record({ type: stepType, status: finishedStep.status === 'success' ? 'success' : 'fail', orderStatus: stepType, reason: event.declineReason }) : [];
    return [...stepCallback, ...record({ type, status, reason: event.declineReason })];
  };
}

const STEP_TYPES: Record<string, CheckoutCallbackType | undefined> = { '3DS': '3ds', REDIRECT: 'redirect' };
