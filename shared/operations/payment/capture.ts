/**
 * CAPTURE of a held authorization (PENDING): the full amount or one partial amount, never above what was authorized.
 * A declined capture leaves the authorization PENDING (sandbox 03/2038) and may be retried.
 */
import { BusinessRuleError, ValidationError } from '../../errors.js';
import type { Payment } from '../../domain/payment.js';
import { hasAttempt, runAttempt, type AttemptHooks } from './attempt.js';
import { resumeAbandoned } from './recover.js';
import type { CoreDeps, CoreResult } from './types.js';

export const CAPTURE_NOT_ALLOWED = 'Capture is not allowed.';

export function checkCapture(payment: Payment, amount: number | undefined): number {
  // A PENDING payment whose provider step is still open (APM crypto address) holds nothing yet: not capturable.
  if (payment.status !== 'PENDING' || hasAttempt(payment, ['CAPTURE', 'VOID', 'REVERSAL', 'REDIRECT'], ['success', 'waiting'])) {
    throw new BusinessRuleError(208003, CAPTURE_NOT_ALLOWED);
  }
  const captureAmount = amount ?? payment.amount;
  if (captureAmount <= 0) throw ValidationError.field('amount', 'This value should be greater than 0.');
  if (captureAmount > payment.amount) throw new BusinessRuleError(208004, 'Capture amount exceeds the authorized amount.');
  return captureAmount;
}

export async function capture(d: CoreDeps, input: { payment: Payment; amount?: number }, hooks: AttemptHooks): Promise<CoreResult> {
  const resumed = await resumeAbandoned(d, hooks);
  if (resumed) return resumed;
  const amount = checkCapture(input.payment, input.amount);
  const attemptId = d.newId();
  return runAttempt(
    d,
    input.payment,
    { type: 'CAPTURE', amount, id: attemptId },
    async (p) =>
      (await d.connectors.forPayment(p)).capture({
        transId: p.transId,
        amount,
        currency: p.currency,
        card: p.card && { expMonth: p.card.expMonth, expYear: p.card.expYear },
      }),
    (next, outcome, now) => {
      if (outcome.kind === 'approved') {
        next.status = 'SETTLED';
        next.capturedAmount = amount;
        return { operation: 'CAPTURE', result: 'SUCCESS', amount, attemptId, date: now };
      }
      const declineReason = outcome.kind === 'declined' ? outcome.reason : undefined;
      return { operation: 'CAPTURE', result: outcome.kind === 'declined' ? 'DECLINED' : 'UNDEFINED', amount, attemptId, date: now, declineReason };
    },
    hooks,
  );
}
