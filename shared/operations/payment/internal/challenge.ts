/**
 * Completes a payment waiting for its 3DS or redirect step, once: the payer submitted the authentication page.
 * The connector decides (sandbox: by the card's expiry); approval issues the tokens the payment asked for.
 * When the platform ran the 3DS itself it fills the 3DS attributes (external MPI values are kept as sent).
 */
import { BusinessRuleError, ConflictError } from '../../../domain/errors.js';
import type { Payment } from '../../../domain/payment.js';
import { canApply, openPayerStep, ownTransaction, settleRecord } from '../../../domain/payment-machine/index.js';
import type { ConnectorOutcome } from '../../../ports/connector.js';
import { runAttempt, type AttemptHooks } from './attempt.js';
import { issueTokens } from './charge.js';
import { applyOutcome, ownAttemptEvent } from './outcome.js';
import { permitOrThrow } from './permit.js';
import { challengeCard } from './card-vault.js';
import type { ChargeDeps, CoreDeps, CoreResult } from './types.js';

/**
 * Told of a decline at the step's completion, with the card the step ran on: the risk counters count it like a
 * first answer's decline (docs/risk.md). The feature supplies it, so the core calls no feature.
 */
export type ChallengeDeclined = (p: Payment, card: { number: string }) => Promise<void>;
export type ChallengeHooks = AttemptHooks & { declined?: ChallengeDeclined };

/** The payer may still finish the 3DS / redirect page (the machine's PAYER_RETURNED). */
export function isWaitingForChallenge(p: Payment): boolean {
  return canApply(p, { name: 'PAYER_RETURNED' });
}

/** `payerReturn`: what the payer brought back from an acquirer's own page (ports/connector.ts ChallengeCompletion). */
export async function completeChallenge(
  d: ChargeDeps,
  input: { payment: Payment; payerReturn?: Record<string, string> },
  hooks: ChallengeHooks,
): Promise<CoreResult> {
  const { payment } = input;
  const notWaiting = () => BusinessRuleError.notWaitingForAuthentication();
  const transactionType =
    permitOrThrow(payment, { name: 'PAYER_RETURNED' }, { NOT_ALLOWED: notWaiting }).attempt ?? ownTransaction(payment);
  const card = await challengeCard(d, payment);
  if (!card) throw notWaiting();
  // The step the payer is on: the waiting 3DS or REDIRECT entry the charge left (PAYER_RETURNED's guard).
  const type = openPayerStep(payment);
  if (!type) throw notWaiting();
  const authorize = payment.details.authorize === true;
  let outcome: ConnectorOutcome | undefined;
  const result = await runAttempt(
    d,
    payment,
    { type: transactionType, amount: payment.amount, id: d.newId() },
    async (p) => {
      outcome = await (
        await d.connectors.forPayment(p)
      ).completeChallenge({
        transId: p.transId,
        amount: p.amount,
        currency: p.currency,
        card,
        authorize,
        externalThreeDs: false,
        type,
        ...(input.payerReturn ? { payerReturn: input.payerReturn } : {}),
        payerIp: p.details.payerIp,
        cardOnFile: p.details.cardOnFile,
      });
      if (outcome.kind === 'approved') {
        // Tokens are written before the payment names them, so a token in a callback always resolves.
        await issueTokens(d, p, card, p.details.issueCardToken === true, p.details.issueRecurringToken === true);
      }
      return outcome;
    },
    (next, o, now) => {
      const decision = applyOutcome(
        next,
        o.kind === 'challenge' ? { kind: 'declined', reason: 'Authentication was not completed.' } : o,
        authorize,
      );
      // The step ends with the payment's decision; an acquirer that has not decided yet (pending) leaves it open.
      const step = next.history.find((h) => h.type === type && h.status === 'waiting');
      if (step && decision.moves) settleRecord(step, o.kind === 'approved' ? 'success' : 'fail', now);
      if (type === '3DS' && decision.moves && !next.details.threeDs) next.details.threeDs = platformThreeDs(d, o, now);
      return ownAttemptEvent(next, decision, transactionType, next.transId, now);
    },
    hooks,
  );
  if (result.payment.status === 'DECLINED' && hooks.declined) await hooks.declined(result.payment, card);
  return result;
}

/** 3DS attributes of a challenge the platform ran itself. */
function platformThreeDs(d: Pick<CoreDeps, 'newId'>, o: ConnectorOutcome, _now: string): Record<string, string> {
  const ok = o.kind === 'approved';
  return {
    threeDSServerTransID: d.newId(),
    dsTransID: d.newId(),
    acsTransID: d.newId(),
    xid: '',
    transStatus: ok ? 'Y' : 'N',
    transStatusReason: ok ? '' : '01',
    eci: ok ? '05' : '07',
    protocolVersion: '2.2.0',
    authenticationFlow: 'Challenge',
  };
}

/**
 * The payer submitted the platform's 3DS / redirect page: complete the payment once. A concurrent submission of the
 * same page that lost the race finds the payment already decided; either way the payment as stored now is returned.
 */
export async function completeFromPage(d: ChargeDeps, payment: Payment, hooks: ChallengeHooks): Promise<Payment> {
  if (isWaitingForChallenge(payment)) {
    try {
      await completeChallenge(d, { payment }, hooks);
    } catch (err) {
      if (!(err instanceof ConflictError || err instanceof BusinessRuleError)) throw err;
    }
  }
  return (await d.payments.get(payment.transId)) ?? payment;
}
