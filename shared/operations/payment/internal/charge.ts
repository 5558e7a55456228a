/**
 * A new card payment (sale, authorization, debit, card-to-card, payout, recurring charge), protocol-neutral:
 * connector → the stored payment with its history → tokens on approval → one write of payment + callbacks
 * (+ the caller's idempotent result) → queue the callbacks. A 3DS / redirect outcome keeps the card sealed in the
 * vault until the payer finishes the step (completeChallenge).
 */
import { BusinessRuleError } from '../../../domain/errors.js';
import type { Action, Payment, PaymentDetails, PaymentProtocol, TransactionType } from '../../../domain/payment.js';
import type { Mid } from '../../../domain/merchant.js';
import type { ConnectorAuthentication, ConnectorOutcome, ConnectorPayer } from '../../../ports/connector.js';
import type { VaultCard } from '../../../ports/card-vault.js';
import { cardBrand } from '../../../protocol/fields.js';
import type { AttemptHooks } from './attempt.js';
import { chargeNewPayment, undetermined } from './charge-tail.js';
import { newPayment } from './new-payment.js';
import { issueCardToken, issueRecurringToken, saveChallengeCard } from './card-vault.js';
import type { ChargeDeps, CoreDeps, CoreResult } from './types.js';
import { applyOutcome, resultOf } from './outcome.js';
import { claimOf } from './recover.js';
import { newTransId } from './payment-id.js';
import { attachSchedule } from './attach-schedule.js';
import { classifyCardOnFile, type CardOnFile } from '../../../domain/card-on-file.js';
import { payWithCascade, type Cascade } from './cascade.js';
import type { Integration } from '../../../domain/routing.js';
import type { ChargeScreen, Screening } from './screen.js';

export interface ChargeInput {
  clientKey: string;
  protocol: PaymentProtocol;
  /** The action that creates the payment: SALE, DEBIT, CARD2CARD, CREDIT2CARD, RECURRING_SALE, RECURRING_DEBIT. */
  action: Action;
  /** The history entry: SALE or AUTH for a SALE, DEBIT, CARD2CARD ... */
  transactionType: TransactionType;
  orderId: string;
  orderDescription: string;
  amount: number;
  currency: string;
  mid: Mid;
  card: VaultCard & { cvv?: string };
  payerEmail?: string;
  /** Hold funds (PENDING) instead of settling. */
  authorize: boolean;
  /** CREDIT2CARD: money goes to the card. */
  payout?: boolean;
  /** 3DS was done elsewhere (mpi_data) or is not needed (merchant-initiated recurring): no challenge of our own. */
  externalThreeDs: boolean;
  browser?: { acceptHeader?: string; userAgent?: string };
  /** The payer's IP address (S2S payer_ip, hosted fields customer.ip, the Checkout page's caller), for the acquirer. */
  payerIp?: string;
  /** An external 3DS result (mpi_data, a wallet cryptogram) the acquirer receives; never stored. */
  authentication?: ConnectorAuthentication;
  /** Details echoed by status responses and callbacks (payer, browser, 3DS attributes, custom_data ...). */
  details: PaymentDetails;
  /** The card_token the payment was made with (echoed, no new token issued). */
  cardToken?: string;
  issueCardToken: boolean;
  issueRecurringToken: boolean;
  /** The protocol's follow-up hash verifier for the new payment (Payment.fuv), stored from its first write. */
  followUpVerifier?: (p: Payment) => string;
  /** Where a soft decline may be retried (routing rules, docs/routing.md); absent: the one MID only. */
  cascade?: Cascade;
  /** Where the card data came in, for risk rules; absent: the protocol's own (s2s-card, checkout). */
  integration?: Integration;
}

/** Refusals that need no acquirer call: checked before anything is written. */
function checkConnectorRequirements(d: Pick<CoreDeps, 'connectors'>, input: ChargeInput): void {
  // Some acquirers reject a payment without the payer's Accept header; we say so before calling them.
  if (d.connectors.named(input.mid.connector).requiresAcceptHeader && !input.browser?.acceptHeader?.trim()) {
    throw BusinessRuleError.invalidRequest();
  }
}

function callConnector(
  d: Pick<CoreDeps, 'connectors'>,
  input: ChargeInput,
  transId: string,
  routingAttempt = 1,
  requestChallenge = false,
): Promise<ConnectorOutcome> {
  const connector = d.connectors.forMid(input.clientKey, input.mid);
  const order = { orderId: input.orderId, description: input.orderDescription };
  if (input.payout) return connector.payout({ transId, amount: input.amount, currency: input.currency, card: input.card, ...order });
  return connector.pay({
    transId,
    ...(routingAttempt > 1 ? { routingAttempt } : {}),
    ...order,
    payer: payerOf(input),
    returnUrl: input.details.termUrl3ds,
    amount: input.amount,
    currency: input.currency,
    card: input.card,
    authorize: input.authorize,
    externalThreeDs: input.externalThreeDs,
    ...(requestChallenge ? { requestChallenge } : {}),
    browser: input.browser,
    authentication: input.authentication,
    payerIp: input.payerIp,
    cardOnFile: cardOnFileOf(input),
  });
}

/** The payer as the acquirer may need it: the protocol's payer_* fields kept in details (S2S), and the e-mail. */
function payerOf(input: ChargeInput): ConnectorPayer {
  const f: Record<string, string | undefined> = input.details.payer ?? {};
  return {
    firstName: f.payer_first_name,
    lastName: f.payer_last_name,
    email: input.payerEmail ?? f.payer_email,
    phone: f.payer_phone,
    address: f.payer_address,
    country: f.payer_country,
    state: f.payer_state,
    city: f.payer_city,
    zip: f.payer_zip,
  };
}

/** How the payment stores or uses a stored credential (domain/card-on-file.ts), from what the request asked. */
export function cardOnFileOf(input: ChargeInput): CardOnFile | undefined {
  return classifyCardOnFile({
    payerPresent: input.details.payerPresent,
    storesCredential: input.issueCardToken || input.issueRecurringToken,
    cardToken: !!input.cardToken,
    recurring: input.details.recurringFirstTransId !== undefined,
    scheduleRun: input.details.scheduledRun !== undefined,
  });
}

export { applyOutcome, resultOf, claimOf };

/** Issues the tokens an approved payment asked for (req_token, recurring_init). */
export async function issueTokens(
  d: Pick<CoreDeps, 'clock' | 'newId' | 'cardVault'>,
  p: Payment,
  card: VaultCard,
  wantCardToken: boolean,
  wantRecurringToken: boolean,
): Promise<void> {
  if (wantCardToken && !p.cardToken) p.cardToken = await issueCardToken(d, p.clientKey, card, p.payerEmail);
  if (wantRecurringToken && !p.recurringToken) p.recurringToken = await issueRecurringToken(d, p.clientKey, card, p.transId);
  // A schedule named by the initiating request starts with the chain (first_recurring_date is echoed).
  if (wantRecurringToken) await attachSchedule(d, p);
}

/**
 * A new card payment: reserve, ask the acquirer, record its answer (charge-tail.ts). With a screen (a payer's new
 * payment: operations/risk/charge-screen.ts), the risk check runs before the acquirer (docs/risk.md); a
 * merchant-initiated recurring charge or a retry goes without one.
 */
export async function charge(d: ChargeDeps, input: ChargeInput, hooks: AttemptHooks, screen?: ChargeScreen): Promise<CoreResult> {
  checkConnectorRequirements(d, input);
  const transId = await newTransId(d, hooks.idempotency);
  const reserved = preparedPayment(input, transId, d.clock.now().toISOString());
  if (input.followUpVerifier) reserved.fuv = input.followUpVerifier(reserved);
  const cascade = reachableCascade(d, input);
  const canChallenge = (m: Mid) => !!d.connectors.named(m.connector).canRequestChallenge;
  // The screen's reads go out beside the reservation's PutItem: no round trip of their own (docs/performance.md).
  const screening = screen?.before([input.mid, ...(cascade?.fallbacks ?? [])], canChallenge);
  // Awaited in call() or below; this only keeps a rejection before then from being an unhandled one.
  screening?.catch(() => undefined);
  let screened: Screening | undefined;
  let asked = false;
  let result: CoreResult;
  try {
    result = await chargeNewPayment(
      d,
      reserved,
      {
        transactionType: input.transactionType,
        hold: input.authorize,
        async call(id) {
          asked = true;
          screened = await screening;
          if (screened?.declineReason) return { kind: 'declined', reason: screened.declineReason };
          const first = screened?.first ?? input.mid;
          // A rule's challenge goes only to MIDs whose connector challenges on request.
          const challenge = !!screened?.challenge;
          const fallbacks = (screened?.fallbacks ?? cascade?.fallbacks ?? []).filter((m) => !challenge || canChallenge(m));
          return payWithCascade(d, reserved, first, cascade && { ...cascade, fallbacks }, (mid, attempt) =>
            callConnector(d, { ...input, mid }, id, attempt, challenge),
          );
        },
        async onAnswer(payment, outcome) {
          if (screened?.risk) payment.details.risk = screened.risk;
          if (screened?.fingerprint) payment.details.cardFingerprint = screened.fingerprint;
          if (outcome.kind === 'approved') await issueTokens(d, payment, input.card, input.issueCardToken, input.issueRecurringToken);
          if (outcome.kind === 'challenge') await saveChallengeCard(d, payment, input.card);
          // The acquirer runs the step on its own page: the answer sends the payer there (pipeline.ts redirectInfo).
          if (outcome.kind === 'challenge' && outcome.redirect) payment.details.acquirerRedirect = outcome.redirect;
        },
      },
      hooks,
    );
  } finally {
    if (screening && !asked) {
      await screening.catch(() => undefined);
      await screen!.unused();
    }
  }
  if (screened && !screened.declineReason && result.payment.status === 'DECLINED') await screen!.declined();
  return result;
}

/** The cascade without MIDs whose acquirer would refuse this payment outright (no Accept header: checked above for the first). */
function reachableCascade(d: Pick<CoreDeps, 'connectors'>, input: ChargeInput): ChargeInput['cascade'] {
  if (!input.cascade) return undefined;
  const accept = !!input.browser?.acceptHeader?.trim();
  return {
    ...input.cascade,
    fallbacks: input.cascade.fallbacks.filter((m) => accept || !d.connectors.named(m.connector).requiresAcceptHeader),
  };
}

function preparedPayment(input: ChargeInput, transId: string, now: string): Payment {
  return newPayment({
    ...input,
    transId,
    card: {
      bin: input.card.number.slice(0, 6),
      last4: input.card.number.slice(-4),
      expMonth: input.card.expMonth,
      expYear: input.card.expYear,
      brand: cardBrand(input.card.number),
    },
    details: {
      ...input.details,
      // Kept for the 3DS completion's acquirer call and for the card-on-file attributes of callbacks and status answers.
      ...(input.payerIp ? { payerIp: input.payerIp } : {}),
      ...(cardOnFileOf(input) ? { cardOnFile: cardOnFileOf(input) } : {}),
      midName: input.mid.name,
      authorize: input.authorize,
      transactionType: input.transactionType,
      issueCardToken: input.issueCardToken,
      issueRecurringToken: input.issueRecurringToken,
    },
    now,
  });
}

export { undetermined };
