/**
 * CREDITVOID: the state machine picks REVERSAL or REFUND from the payment's state (6.7.0 documented rule):
 *   PENDING (held, not captured) → REVERSAL, full amount only;
 *   a DEBIT payment              → REVERSAL;
 *   SETTLED                      → REFUND, full or partial, several partials up to the settled amount;
 *   anything else                → "Refund is not allowed".
 * Each attempt has its own id (creditvoid_id). Refunds in flight count against the refundable amount.
 */
import { BusinessRuleError, ValidationError } from '../../../domain/errors.js';
import type { Payment } from '../../../domain/payment.js';
import { refundable } from '../../../domain/payment-machine/index.js';
import { runFollowUpKind, type FollowUpDeps, type FollowUpInput, type FollowUpKind } from './follow-up-pipeline.js';
import type { AttemptHooks } from './attempt.js';
import type { CoreResult } from './types.js';
import { permitOrThrow } from './permit.js';

export interface CreditvoidPlan {
  kind: 'REFUND' | 'REVERSAL';
  amount: number;
  /** Refundable amount before this attempt (settled or held amount minus refunds done and in flight). */
  remaining: number;
}

export function planCreditvoid(p: Payment, amount: number | undefined): CreditvoidPlan {
  if (amount !== undefined && amount <= 0) throw ValidationError.field('amount', 'This value should be greater than 0.');
  const decision = permitOrThrow(
    p,
    { name: 'CREDITVOID', amount },
    {
      NOT_ALLOWED: BusinessRuleError.refundNotAllowed,
      PARTIAL_REVERSAL: () => BusinessRuleError.partialReversalNotAllowed(),
      REFUND_TOO_LARGE: () => BusinessRuleError.refundTooLarge(),
    },
  );
  const kind = decision.attempt === 'REVERSAL' ? 'REVERSAL' : 'REFUND';
  // A held authorization is released whole; a settled payment refunds what is left unless told less.
  const remaining = refundable(p);
  return { kind, amount: amount ?? remaining, remaining };
}

/** CREDITVOID in the follow-up pipeline (follow-up-pipeline.ts): a REFUND or a REVERSAL, as planned. */
export const CREDITVOID: FollowUpKind = {
  event: 'CREDITVOID',
  plan: ({ payment, amount }) => {
    const plan = planCreditvoid(payment, amount);
    return { type: plan.kind, amount: plan.amount };
  },
};

export function creditvoid(d: FollowUpDeps, input: FollowUpInput, hooks: AttemptHooks): Promise<CoreResult> {
  return runFollowUpKind(CREDITVOID, d, input, hooks);
}
