/**
 * An APM payment waiting for its provider until a deadline (QR lifetime, bank-code transfer window): when it is due
 * unpaid, the payment is declined. The deadline is on the payment (details.deadline) and indexed by the table in the
 * same conditional write (table-keys apmDeadlineEntry), so the sweeper's list never disagrees with the payments.
 */
import type { Payment } from './payment.js';

/** The deadline (ISO) while the provider step is still open, if the payment has one. */
export function apmDeadline(p: Payment): string | undefined {
  const deadline = p.details.deadline;
  if (typeof deadline !== 'string') return undefined;
  const open = p.history.some((h) => h.type === 'REDIRECT' && h.status === 'waiting');
  return open && (p.status === 'REDIRECT' || p.status === 'PENDING') ? deadline : undefined;
}
