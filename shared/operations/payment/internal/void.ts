/**
 * VOID of a SETTLED payment on the same financial day (UTC date of its settlement), before any refund.
 * A held authorization, a refunded payment or yesterday's payment: "Void is not allowed." (CREDITVOID releases those.)
 * The rules are the state machine's VOID rows (shared/domain/payment-machine/table.ts).
 */
import { BusinessRuleError } from '../../../errors.js';
import type { Payment } from '../../../domain/payment.js';
import { runAttempt, type AttemptHooks } from './attempt.js';
import { answerFollowUp } from './outcome.js';
import { followUpCall } from './follow-up.js';
import { permitOrThrow } from './permit.js';
import { resumeAbandoned } from './recover.js';
import type { CoreDeps, CoreResult } from './types.js';

export { settledAt } from '../../../domain/payment-machine/index.js';

export function checkVoid(payment: Payment, now: Date): void {
  permitOrThrow(payment, { name: 'VOID', now: now.toISOString() }, { NOT_ALLOWED: BusinessRuleError.voidNotAllowed });
}

export async function voidPayment(d: Pick<CoreDeps, 'payments' | 'callbackQueue' | 'clock' | 'newId' | 'connectors'>, input: { payment: Payment }, hooks: AttemptHooks): Promise<CoreResult> {
  const resumed = await resumeAbandoned(d, hooks, input.payment);
  if (resumed) return resumed;
  checkVoid(input.payment, d.clock.now());
  const attempt = { type: 'VOID' as const, amount: input.payment.capturedAmount, id: d.newId() };
  return runAttempt(
    d,
    input.payment,
    attempt,
    followUpCall(d, attempt),
    (next, outcome, now) => answerFollowUp(next, attempt, outcome, now),
    hooks,
  );
}
