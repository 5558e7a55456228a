/**
 * CREDITVOID: the state machine picks REVERSAL or REFUND from the payment's state (6.7.0 documented rule):
 *   PENDING (held, not captured) → REVERSAL, full amount only;
 *   a DEBIT payment              → REVERSAL;
 *   SETTLED                      → REFUND, full or partial, several partials up to the settled amount;
 *   anything else                → "Refund is not allowed".
 * Each attempt has its own id (creditvoid_id). Refunds in flight count against the refundable amount.
 */
import { BusinessRuleError, ValidationError } from '../../../errors.js';
import type { Payment } from '../../../domain/payment.js';
import { refundable } from '../../../domain/payment-machine/index.js';
import { runAttempt, type AttemptHooks } from './attempt.js';
import { answerFollowUp } from './outcome.js';
import { followUpCall } from './follow-up.js';
import { permitOrThrow } from './permit.js';
import { resumeAbandoned } from './recover.js';
import type { CoreDeps, CoreResult } from './types.js';

export interface CreditvoidPlan {
  kind: 'REFUND' | 'REVERSAL';
  amount: number;
  /** Refundable amount before this attempt (settled or held amount minus refunds done and in flight). */
  remaining: number;
}

export function planCreditvoid(p: Payment, amount: number | undefined): CreditvoidPlan {
  if (amount !== undefined && amount <= 0) throw ValidationError.field('amount', 'This value should be greater than 0.');
  const decision = permitOrThrow(p, { name: 'CREDITVOID', amount }, {
    NOT_ALLOWED: BusinessRuleError.refundNotAllowed,
    PARTIAL_REVERSAL: () => BusinessRuleError.partialReversalNotAllowed(),
    REFUND_TOO_LARGE: () => BusinessRuleError.refundTooLarge(),
  });
  const kind = decision.attempt === 'REVERSAL' ? 'REVERSAL' : 'REFUND';
  // A held authorization is released whole; a settled payment refunds what is left unless told less.
  const remaining = refundable(p);
  return { kind, amount: amount ?? remaining, remaining };
}

export async function creditvoid(d: Pick<CoreDeps, 'payments' | 'callbackQueue' | 'clock' | 'newId' | 'connectors'>, input: { payment: Payment; amount?: number }, hooks: AttemptHooks): Promise<CoreResult> {
  const resumed = await resumeAbandoned(d, hooks, input.payment);
  if (resumed) return resumed;
  const plan = planCreditvoid(input.payment, input.amount);
  const attempt = { type: plan.kind, amount: plan.amount, id: d.newId() };
  return runAttempt(
    d,
    input.payment,
    attempt,
    followUpCall(d, attempt),
    (next, outcome, now) => answerFollowUp(next, attempt, outcome, now),
    hooks,
  );
}
