/**
 * ARN (acquirer reference number), 6.7.0: "ARN applies to SALE, AUTH, RECURRING_SALE, REFUND and Checkout status
 * lookups". Each transaction carries its own: the payment's own transaction keeps it on the payment, a refund (or
 * reversal) on its history entry. A callback about a refund names the refund's ARN (empty when the acquirer gave
 * none, never the payment's); a status answer of a refunded payment names its latest refund's.
 */
import type { Payment } from '../domain/payment.js';

const REFUNDS = ['REFUND', 'REVERSAL'];

/** The ARN of the transaction an event is about: a follow-up's attempt id, or the payment's own transaction. */
export function eventArn(p: Payment, event: { operation: string; attemptId: string }): string | undefined {
  if (!REFUNDS.includes(event.operation)) return p.arn;
  return p.history.find((h) => h.id === event.attemptId)?.arn;
}

/** The ARN a status answer names: the latest successful refund's when the payment stands REFUND, else its own. */
export function statusArn(p: Payment): string | undefined {
  if (p.status !== 'REFUND') return p.arn;
  return p.history.filter((h) => h.type === 'REFUND' && h.status === 'success').at(-1)?.arn;
}
