/** Turns a payment's state change into outbox records; the sequence number keeps a payment's callbacks in order. */
import type { CallbackRecord } from './callback.js';
import type { Merchant } from './merchant.js';
import type { Payment } from './payment.js';
import type { FormValue } from '../protocol/form.js';

/**
 * Records one callback for the payment, advancing payment.callbackCount (persisted with the same write).
 * No notification URL (merchant's or the payment's own) means no callback, as the protocol says.
 */
export function recordCallback(
  payment: Payment,
  merchant: Merchant,
  fields: Record<string, FormValue>,
  eventId: string,
  createdAt: string,
): CallbackRecord[] {
  const url = payment.details.callbackUrl ?? merchant.notificationUrl;
  if (!url) return [];
  payment.callbackCount = (payment.callbackCount ?? 0) + 1;
  return [
    {
      eventId,
      transId: payment.transId,
      clientKey: payment.clientKey,
      seq: payment.callbackCount,
      protocol: payment.protocol,
      url,
      fields,
      createdAt,
    },
  ];
}
