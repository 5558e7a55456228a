/**
 * VOID of a SETTLED payment on the same financial day (UTC date of its settlement), before any refund.
 * A held authorization, a refunded payment or yesterday's payment: "Void is not allowed." (CREDITVOID releases those.)
 */
import { BusinessRuleError } from '../../errors.js';
import type { Payment } from '../../domain/payment.js';
import { hasAttempt, runAttempt, type AttemptHooks } from './attempt.js';
import { resumeAbandoned } from './recover.js';
import type { CoreDeps, CoreResult } from './types.js';

const SETTLING = ['SALE', 'CAPTURE', 'DEBIT', 'RECURRING_SALE', 'RECURRING_DEBIT', 'CARD2CARD'] as const;

/** When the payment settled: its latest successful settling transaction. */
export function settledAt(p: Payment): string | undefined {
  const settled = p.history.filter((h) => h.status === 'success' && (SETTLING as readonly string[]).includes(h.type));
  return settled.at(-1)?.date;
}

export function checkVoid(payment: Payment, now: Date): void {
  const at = settledAt(payment);
  const sameDay = at !== undefined && at.slice(0, 10) === now.toISOString().slice(0, 10);
  const touched = payment.refundedAmount > 0 || hasAttempt(payment, ['REFUND', 'REVERSAL', 'VOID'], ['success', 'waiting']);
  if (payment.status !== 'SETTLED' || payment.action === 'CREDIT2CARD' || !sameDay || touched) throw BusinessRuleError.voidNotAllowed();
}

export async function voidPayment(d: CoreDeps, input: { payment: Payment }, hooks: AttemptHooks): Promise<CoreResult> {
  const resumed = await resumeAbandoned(d, hooks);
  if (resumed) return resumed;
  checkVoid(input.payment, d.clock.now());
  const attemptId = d.newId();
  const amount = input.payment.capturedAmount;
  return runAttempt(
    d,
    input.payment,
    { type: 'VOID', amount, id: attemptId },
    async (p) => (await d.connectors.forPayment(p)).void({ transId: p.transId, amount, currency: p.currency }),
    (next, outcome, now) => {
      if (outcome.kind === 'approved') {
        next.status = 'VOID';
        return { operation: 'VOID', result: 'SUCCESS', amount, attemptId, date: now };
      }
      const declineReason = outcome.kind === 'declined' ? outcome.reason : undefined;
      return { operation: 'VOID', result: outcome.kind === 'declined' ? 'DECLINED' : 'UNDEFINED', amount, attemptId, date: now, declineReason };
    },
    hooks,
  );
}
