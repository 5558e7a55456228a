/**
 * CAPTURE of a held authorization (PENDING): the full amount or one partial amount, never above what was authorized.
 * A declined capture leaves the authorization PENDING (sandbox 03/2038) and may be retried. The rules are the state
 * machine's CAPTURE rows (shared/domain/payment-machine/table.ts).
 */
import { BusinessRuleError, ValidationError } from '../../../domain/errors.js';
import type { Payment } from '../../../domain/payment.js';
import { runFollowUpKind, type FollowUpDeps, type FollowUpInput, type FollowUpKind } from './follow-up-pipeline.js';
import type { AttemptHooks } from './attempt.js';
import type { CoreResult } from './types.js';
import { permitOrThrow } from './permit.js';

export function checkCapture(payment: Payment, amount: number | undefined): number {
  if (amount !== undefined && amount <= 0) {
    // Checked after the state: a capture the payment cannot take is refused as such whatever the amount.
    permitOrThrow(payment, { name: 'CAPTURE' }, { NOT_ALLOWED: () => BusinessRuleError.captureNotAllowed() });
    throw ValidationError.field('amount', 'This value should be greater than 0.');
  }
  permitOrThrow(
    payment,
    { name: 'CAPTURE', amount },
    {
      NOT_ALLOWED: () => BusinessRuleError.captureNotAllowed(),
      CAPTURE_TOO_LARGE: () => BusinessRuleError.captureTooLarge(),
    },
  );
  return amount ?? payment.amount;
}

/** CAPTURE in the follow-up pipeline (follow-up-pipeline.ts). */
export const CAPTURE: FollowUpKind = {
  event: 'CAPTURE',
  plan: ({ payment, amount }) => ({ type: 'CAPTURE', amount: checkCapture(payment, amount) }),
};

export function capture(d: FollowUpDeps, input: FollowUpInput, hooks: AttemptHooks): Promise<CoreResult> {
  return runFollowUpKind(CAPTURE, d, input, hooks);
}
