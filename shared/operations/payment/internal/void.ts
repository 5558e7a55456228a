/**
 * VOID of a SETTLED payment on the same financial day (UTC date of its settlement), before any refund.
 * A held authorization, a refunded payment or yesterday's payment: "Void is not allowed." (CREDITVOID releases those.)
 * The rules are the state machine's VOID rows (shared/domain/payment-machine/table.ts).
 */
import { BusinessRuleError } from '../../../domain/errors.js';
import type { Payment } from '../../../domain/payment.js';
import { runFollowUpKind, type FollowUpDeps, type FollowUpInput, type FollowUpKind } from './follow-up-pipeline.js';
import type { AttemptHooks } from './attempt.js';
import type { CoreResult } from './types.js';
import { permitOrThrow } from './permit.js';

export { settledAt } from '../../../domain/payment-machine/index.js';

export function checkVoid(payment: Payment, now: Date): void {
  permitOrThrow(payment, { name: 'VOID', now: now.toISOString() }, { NOT_ALLOWED: BusinessRuleError.voidNotAllowed });
}

/** VOID in the follow-up pipeline (follow-up-pipeline.ts): always the whole captured amount. */
export const VOID: FollowUpKind = {
  event: 'VOID',
  plan: ({ payment }, now) => {
    checkVoid(payment, now);
    return { type: 'VOID', amount: payment.capturedAmount };
  },
};

export function voidPayment(d: FollowUpDeps, input: FollowUpInput, hooks: AttemptHooks): Promise<CoreResult> {
  return runFollowUpKind(VOID, d, input, hooks);
}
