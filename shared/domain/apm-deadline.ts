/**
 * An APM payment waiting for its provider until a deadline (QR lifetime, bank-code transfer window): when it is due
 * unpaid, the payment is declined. The deadline is on the payment (details.deadline) and indexed by the table in the
 * same conditional write (table-keys apmDeadlineEntry), so the sweeper's list never disagrees with the payments.
 */
import type { Payment } from './payment.js';
import { canApply } from './payment-machine/index.js';

/** The deadline (ISO) while the provider step is still open (the machine would take DEADLINE_PASSED), if any. */
export function apmDeadline(p: Payment): string | undefined {
  const { deadline } = p.details;
  return deadline !== undefined && canApply(p, { name: 'DEADLINE_PASSED' }) ? deadline : undefined;
}
