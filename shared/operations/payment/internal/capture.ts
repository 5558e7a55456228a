/**
 * CAPTURE of a held authorization (PENDING): the full amount or one partial amount, never above what was authorized.
 * A declined capture leaves the authorization PENDING (sandbox 03/2038) and may be retried. The rules are the state
 * machine's CAPTURE rows (shared/domain/payment-machine/table.ts).
 */
import { BusinessRuleError, ValidationError } from '../../../errors.js';
import type { Payment } from '../../../domain/payment.js';
import { runAttempt, type AttemptHooks } from './attempt.js';
import { answerFollowUp } from './outcome.js';
import { followUpCall } from './follow-up.js';
import { permitOrThrow } from './permit.js';
import { resumeAbandoned } from './recover.js';
import type { CoreDeps, CoreResult } from './types.js';

export function checkCapture(payment: Payment, amount: number | undefined): number {
  if (amount !== undefined && amount <= 0) {
    // Checked after the state: a capture the payment cannot take is refused as such whatever the amount.
    permitOrThrow(payment, { name: 'CAPTURE' }, { NOT_ALLOWED: () => BusinessRuleError.captureNotAllowed() });
    throw ValidationError.field('amount', 'This value should be greater than 0.');
  }
  permitOrThrow(payment, { name: 'CAPTURE', amount }, {
    NOT_ALLOWED: () => BusinessRuleError.captureNotAllowed(),
    CAPTURE_TOO_LARGE: () => BusinessRuleError.captureTooLarge(),
  });
  return amount ?? payment.amount;
}

export async function capture(d: Pick<CoreDeps, 'payments' | 'callbackQueue' | 'clock' | 'newId' | 'connectors'>, input: { payment: Payment; amount?: number }, hooks: AttemptHooks): Promise<CoreResult> {
  const resumed = await resumeAbandoned(d, hooks, input.payment);
  if (resumed) return resumed;
  const amount = checkCapture(input.payment, input.amount);
  const attempt = { type: 'CAPTURE' as const, amount, id: d.newId() };
  return runAttempt(
    d,
    input.payment,
    attempt,
    followUpCall(d, attempt),
    (next, outcome, now) => answerFollowUp(next, attempt, outcome, now),
    hooks,
  );
}
