/**
 * Checkout's answer to the payment cores' events: the §5.3 callback, recorded in the same write as the state change.
 * 3DS / redirect steps send nothing; only outcomes do.
 */
import type { Deps } from '../../deps.js';
import type { Merchant } from '../../domain/merchant.js';
import { recordCallback } from '../../domain/callback-factory.js';
import { checkoutCallbackFields, type CheckoutCallbackStatus, type CheckoutCallbackType } from '../../protocol/checkout/callback.js';
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
};

export function checkoutCallbacks(d: Deps, merchant: Merchant): CallbackRecorder {
  return (payment, event) => {
    const type = TYPES[event.operation];
    const status = STATUSES[event.result];
    if (!type || !status) return [];
    const fields = checkoutCallbackFields(payment, merchant, { type, status, reason: event.declineReason }, event.date);
    return recordCallback(payment, merchant, fields, d.newId(), event.date);
  };
}
