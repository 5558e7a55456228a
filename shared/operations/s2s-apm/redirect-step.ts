/**
 * The payer's visit to the method's page of a REDIRECT APM payment, protocol-neutral: the page address carries a
 * one-time token (only its hash is stored); approving asks the provider for the final outcome, cancelling declines.
 * Completion is one attempt reserved with a conditional write, so a double submit completes once.
 */
import { BusinessRuleError } from '../../errors.js';
import type { Payment, TransactionType } from '../../domain/payment.js';
import { apmConnectorNamed } from '../../connectors/registry.js';
import type { ConnectorOutcome } from '../../ports/connector.js';
import { hashEquals } from '../../protocol/signature.js';
import { hasAttempt, runAttempt, type AttemptHooks } from '../payment/attempt.js';
import { applyOutcome } from '../payment/charge.js';
import type { CoreDeps, CoreResult } from '../payment/types.js';
import { tokenHash } from './charge.js';

export const NOT_WAITING_FOR_PAYER = 'The payment is not waiting for the payer.';
export const CANCELLED_BY_PAYER = 'Cancelled by the payer.';

/**
 * Whether the payment's provider step is open: a REDIRECT (the payer is on the provider's page) or a PENDING payment
 * the payer pays outside (crypto address). The provider's notification settles or declines it.
 */
export function isWaitingForProvider(p: Payment): boolean {
  return (p.status === 'REDIRECT' || p.status === 'PENDING') && hasAttempt(p, ['REDIRECT'], ['waiting']) && !hasAttempt(p, ['SALE', 'AUTH', 'DEBIT'], ['waiting', 'success', 'fail']);
}

export function isWaitingForPayer(p: Payment): boolean {
  return p.status === 'REDIRECT' && hasAttempt(p, ['REDIRECT'], ['waiting']) && !hasAttempt(p, ['SALE', 'AUTH', 'DEBIT'], ['waiting', 'success', 'fail']);
}

/** Whether `token` opens this payment's page (constant-time). */
export function redirectTokenMatches(p: Payment, token: string | undefined): boolean {
  const stored = p.details.redirectTokenHash;
  return typeof stored === 'string' && typeof token === 'string' && token.length > 0 && hashEquals(stored, tokenHash(token));
}

export async function completeRedirect(d: CoreDeps, input: { payment: Payment; approve: boolean }, hooks: AttemptHooks): Promise<CoreResult> {
  const { payment } = input;
  if (!isWaitingForPayer(payment)) throw new BusinessRuleError(100000, NOT_WAITING_FOR_PAYER);
  const authorize = payment.details.authorize === true;
  const transactionType = (payment.details.transactionType as TransactionType | undefined) ?? (authorize ? 'AUTH' : 'SALE');
  const commission = typeof payment.details.commission === 'number' ? payment.details.commission : 0;
  return runAttempt(
    d,
    payment,
    { type: transactionType, amount: payment.amount, id: d.newId() },
    async (p): Promise<ConnectorOutcome> => {
      if (!input.approve) return { kind: 'declined', reason: CANCELLED_BY_PAYER };
      return apmConnectorNamed(p.connector).completeRedirect({
        transId: p.transId,
        brand: String(p.details.brand),
        identifier: p.details.identifier as string | undefined,
        amount: p.amount + commission,
        currency: p.currency,
        authorize,
      });
    },
    (next, o, now) => {
      const outcome: ConnectorOutcome = o.kind === 'challenge' ? { kind: 'declined', reason: CANCELLED_BY_PAYER } : o;
      applyOutcome(next, outcome, authorize);
      const step = next.history.find((h) => h.type === 'REDIRECT' && h.status === 'waiting');
      if (step) {
        step.status = outcome.kind === 'approved' ? 'success' : 'fail';
        step.date = now;
      }
      delete next.details.redirectTokenHash;
      return {
        operation: transactionType,
        result: outcome.kind === 'approved' ? 'SUCCESS' : 'DECLINED',
        amount: next.amount,
        attemptId: next.transId,
        date: now,
        declineReason: next.declineReason,
      };
    },
    hooks,
  );
}
