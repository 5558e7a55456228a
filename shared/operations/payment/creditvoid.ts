/**
 * CREDITVOID: the platform picks REVERSAL or REFUND from the payment's state (6.7.0 documented rule):
 *   PENDING (held, not captured) → REVERSAL, full amount only;
 *   a DEBIT payment              → REVERSAL;
 *   SETTLED                      → REFUND, full or partial, several partials up to the settled amount;
 *   anything else                → "Refund is not allowed".
 * Each attempt has its own id (creditvoid_id). Refunds in flight count against the refundable amount.
 */
import { BusinessRuleError, ValidationError } from '../../errors.js';
import type { Payment } from '../../domain/payment.js';
import { hasAttempt, runAttempt, waitingAmount, type AttemptHooks } from './attempt.js';
import { resumeAbandoned } from './recover.js';
import type { CoreDeps, CoreResult } from './types.js';

export interface CreditvoidPlan {
  kind: 'REFUND' | 'REVERSAL';
  amount: number;
  /** Refundable amount before this attempt (settled or held amount minus refunds done and in flight). */
  remaining: number;
}

const DEBIT_ACTIONS = ['DEBIT', 'RECURRING_DEBIT'];

export function planCreditvoid(p: Payment, amount: number | undefined): CreditvoidPlan {
  if (amount !== undefined && amount <= 0) throw ValidationError.field('amount', 'This value should be greater than 0.');
  // A provider step still open (APM crypto address, PENDING) holds nothing to release yet.
  if (hasAttempt(p, ['CAPTURE', 'VOID', 'REDIRECT'], ['waiting']) || p.action === 'CREDIT2CARD') throw BusinessRuleError.refundNotAllowed();
  const inFlight = waitingAmount(p, ['REFUND', 'REVERSAL']);
  if (p.status === 'PENDING') {
    if (inFlight > 0) throw BusinessRuleError.refundNotAllowed();
    if (amount !== undefined && amount !== p.amount) throw new BusinessRuleError(208009, 'Partial reversal is not allowed.');
    return { kind: 'REVERSAL', amount: p.amount, remaining: p.amount };
  }
  if (p.status !== 'SETTLED') throw BusinessRuleError.refundNotAllowed();
  const remaining = p.capturedAmount - p.refundedAmount - inFlight;
  if (remaining <= 0) throw BusinessRuleError.refundNotAllowed();
  const refund = amount ?? remaining;
  if (refund > remaining) throw new BusinessRuleError(208006, 'Refund amount exceeds the payment amount.');
  return { kind: DEBIT_ACTIONS.includes(p.action) ? 'REVERSAL' : 'REFUND', amount: refund, remaining };
}

export async function creditvoid(d: CoreDeps, input: { payment: Payment; amount?: number }, hooks: AttemptHooks): Promise<CoreResult> {
  const resumed = await resumeAbandoned(d, hooks);
  if (resumed) return resumed;
  const plan = planCreditvoid(input.payment, input.amount);
  const attemptId = d.newId();
  return runAttempt(
    d,
    input.payment,
    { type: plan.kind, amount: plan.amount, id: attemptId },
    async (p) => (await d.connectors.forPayment(p)).refund({ transId: p.transId, amount: plan.amount, currency: p.currency, reversal: plan.kind === 'REVERSAL' }),
    (next, outcome, now) => {
      if (outcome.kind === 'approved') {
        next.refundedAmount += plan.amount;
        const base = next.status === 'PENDING' ? next.amount : next.capturedAmount;
        // A partial refund leaves the payment SETTLED; the last one moves it to REFUND / REVERSAL.
        if (next.refundedAmount >= base) next.status = plan.kind;
        return { operation: plan.kind, result: 'SUCCESS', amount: plan.amount, attemptId, date: now };
      }
      const declineReason = outcome.kind === 'declined' ? outcome.reason : undefined;
      return { operation: plan.kind, result: outcome.kind === 'declined' ? 'DECLINED' : 'UNDEFINED', amount: plan.amount, attemptId, date: now, declineReason };
    },
    hooks,
  );
}
