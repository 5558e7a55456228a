/**
 * The payer's visit to the method's page of a REDIRECT APM payment, protocol-neutral: the page address carries a
 * one-time token (only its hash is stored); approving asks the provider for the final outcome, cancelling declines.
 * Completion is one attempt reserved with a conditional write, so a double submit completes once.
 */
import { BusinessRuleError } from '../../domain/errors.js';
import type { Payment } from '../../domain/payment.js';
import { canApply, hasAttempt, ownTransaction, permit, settleRecord } from '../../domain/payment-machine/index.js';
import type { ConnectorOutcome } from '../../ports/connector.js';
import { hashEquals } from '../../protocol/signature.js';
import { runAttempt, type AttemptHooks, applyOutcome, ownAttemptEvent, type CoreDeps, type CoreResult } from '../payment/index.js';
import { tokenHash } from './charge.js';

export const CANCELLED_BY_PAYER = 'Cancelled by the payer.';

/**
 * Whether the payment's provider step is open: a REDIRECT (the payer is on the provider's page) or a PENDING payment
 * the payer pays outside (crypto address). The provider's notification settles or declines it.
 */
export function isWaitingForProvider(p: Payment): boolean {
  return canApply(p, { name: 'PROVIDER_DECLINED' });
}

/**
 * vcard completes on the platform's own method page (protocol.md §8); every other brand's provider decides on its
 * own page and notifies the platform (operations/providers/).
 */
export const providerNotifies = (brand: unknown): boolean => brand !== 'vcard';

/** The address of a REDIRECT payment's method page (the provider's page for notifying brands). */
export const methodPageUrl = (baseUrl: string, transId: string, token: string): string =>
  `${baseUrl}/post-va/redirect/${transId}?token=${encodeURIComponent(token)}`;

/** Whether the payer may finish the method's page: the payment's REDIRECT step is open and nothing was attempted. */
export function isWaitingForPayer(p: Payment): boolean {
  return canApply(p, { name: 'PAYER_RETURNED' }) && hasAttempt(p, ['REDIRECT'], ['waiting']);
}

/** Whether `token` opens this payment's page (constant-time). */
export function redirectTokenMatches(p: Payment, token: string | undefined): boolean {
  const stored = p.details.redirectTokenHash;
  return typeof stored === 'string' && typeof token === 'string' && token.length > 0 && hashEquals(stored, tokenHash(token));
}

export async function completeRedirect(
  d: Pick<CoreDeps, 'payments' | 'callbackQueue' | 'clock' | 'newId' | 'apmConnectors'>,
  input: { payment: Payment; approve: boolean },
  hooks: AttemptHooks,
): Promise<CoreResult> {
  const { payment } = input;
  if (!isWaitingForPayer(payment)) throw BusinessRuleError.notWaitingForPayer();
  const authorize = payment.details.authorize === true;
  const transactionType = permit(payment, { name: 'PAYER_RETURNED' }).attempt ?? ownTransaction(payment);
  const commission = payment.details.commission ?? 0;
  return runAttempt(
    d,
    payment,
    { type: transactionType, amount: payment.amount, id: d.newId() },
    async (p): Promise<ConnectorOutcome> => {
      if (!input.approve) return { kind: 'declined', reason: CANCELLED_BY_PAYER };
      return d.apmConnectors.named(p.connector).completeRedirect({
        transId: p.transId,
        brand: p.details.brand ?? '',
        identifier: p.details.identifier,
        amount: p.amount + commission,
        currency: p.currency,
        authorize,
      });
    },
    (next, o, now) => {
      const outcome: ConnectorOutcome = o.kind === 'challenge' ? { kind: 'declined', reason: CANCELLED_BY_PAYER } : o;
      const decision = applyOutcome(next, outcome, authorize);
      const step = next.history.find((h) => h.type === 'REDIRECT' && h.status === 'waiting');
      if (step) settleRecord(step, outcome.kind === 'approved' ? 'success' : 'fail', now);
      delete next.details.redirectTokenHash;
      return ownAttemptEvent(next, decision, transactionType, next.transId, now);
    },
    hooks,
  );
}
