/**
 * RETRY of a soft-declined recurring charge (S2S CARD RETRY, Checkout /api/v1/payment/retry): the same payment is
 * charged again with the card of its chain. Allowed only while it is DECLINED and no earlier retry is still waiting
 * for the acquirer (the machine's RETRY row); the outcome comes by callback. A retry whose request was interrupted is answered
 * with that retry's attempt, never charged a second time (recover.ts).
 */
import { BusinessRuleError } from '../../../domain/errors.js';
import type { Payment } from '../../../domain/payment.js';
import { ownTransaction } from '../../../domain/payment-machine/index.js';
import type { VaultCard } from '../../../ports/card-vault.js';
import { runAttempt, type AttemptHooks } from './attempt.js';
import { applyOutcome, ownAttemptEvent } from './outcome.js';
import { permitOrThrow } from './permit.js';
import { resumeAbandoned } from './recover.js';
import { issueCardToken } from './card-vault.js';
import type { ChargeDeps, CoreDeps, CoreResult } from './types.js';

/** The card of the payment's recurring chain, if the payment may be retried now (100000 otherwise). */
async function retryCard(d: Pick<CoreDeps, 'payments' | 'cardVault'>, payment: Payment): Promise<VaultCard> {
  permitOrThrow(payment, { name: 'RETRY' }, { NOT_ALLOWED: () => BusinessRuleError.retryNotAllowed() });
  const initial = await d.payments.get(payment.details.recurringFirstTransId!);
  const entry = initial?.recurringToken ? await d.cardVault.get('recurring', initial.recurringToken, payment.clientKey) : undefined;
  if (!entry) throw BusinessRuleError.retryNotAllowed();
  return entry.card;
}

export async function retryCharge(d: ChargeDeps, payment: Payment, hooks: AttemptHooks): Promise<CoreResult> {
  const resumed = await resumeAbandoned(d, hooks, payment);
  if (resumed) return resumed;
  const card = await retryCard(d, payment);
  const type = ownTransaction(payment);
  const attemptId = d.newId();
  // A recurring debit asked for a card_token (recurring.ts): issued when the retry is approved, as the charge would.
  let cardToken: string | undefined;
  return runAttempt(
    d,
    payment,
    { type, amount: payment.amount, id: attemptId },
    async (p) => {
      const outcome = await (
        await d.connectors.forPayment(p)
      ).pay({ transId: attemptId, amount: p.amount, currency: p.currency, card, authorize: false, externalThreeDs: true });
      if (outcome.kind === 'approved' && p.details.issueCardToken === true && !p.cardToken)
        cardToken = await issueCardToken(d, p.clientKey, card, p.payerEmail);
      return outcome;
    },
    (next, outcome, now) => {
      if (cardToken) next.cardToken = cardToken;
      // The payer is not present: a retry cannot run an authentication step.
      const decision = applyOutcome(
        next,
        outcome.kind === 'challenge' ? { kind: 'declined', reason: 'Authentication is not possible for a retry.' } : outcome,
        false,
      );
      return ownAttemptEvent(next, decision, type, attemptId, now);
    },
    hooks,
  );
}
