/**
 * The risk check of a new card payment (docs/risk.md): after validation and routing, before any acquirer is asked.
 * One read (BatchGetItem: the merchant's thresholds, the IP's counter, the blocklist entries that would match) beside one atomic append of the attempt to
 * the card's counter (which answers the counter); a payment a control stops is declined with RISK_DECLINE_REASON and never reaches a connector. After
 * an acquirer's decline, `countDecline` counts it for the card and the IP and starts the IP's cool-down at the limit.
 * A failing check lets the payment through (logged): the counters guard the acquirer, not the payment's own state.
 */
import type { StageKind } from '../../lib/config.js';
import { logger } from '../../lib/logger.js';
import type { BlocklistEntry, MerchantDeclines, RiskStore } from '../../ports/risk-store.js';
import { burstReadFrom, merchantBurstCheck, reachesBurst } from './merchant-burst.js';
import type { Clock } from '../../ports/clock.js';
import { cardTestingCheck, reachesCardTestingLimit } from './card-testing.js';
import { cardVelocityCheck } from './card-velocity.js';
import { blocklistCheck, blocklistKeys, matchingRange, scopesOf } from './blocklist.js';
import { CONTROL_METRICS, RISK_BLOCKED_METRIC, type RiskDecision } from './decision.js';
import { noteMetric } from '../../lib/telemetry.js';
import { thresholdsOf, type Thresholds } from './settings.js';
import { exemptFromCounters } from './test-cards.js';
import { sandboxBinCountry } from './sandbox-bins.js';
import { riskRuleCheck } from './rules.js';
import type { RiskFacts, RiskRule } from '../../domain/risk-rules.js';

export interface RiskDeps {
  risk: RiskStore;
  clock: Clock;
  config: { STAGE_KIND: StageKind };
}

export interface RiskSubject {
  clientKey: string;
  cardNumber: string;
  payerIp?: string;
  payerEmail?: string;
  /** The payer's country (ISO alpha-2), where the integration has one. */
  payerCountry?: string;
  /** What the merchant's risk rules look at; without it (an APM payment) no rule applies. */
  facts?: RiskFacts;
  /** The flow can run 3DS for this payment (a rule's `challenge` asks for it; where it cannot, the rule blocks). */
  canChallenge?: boolean;
  /** The payment brings its own 3DS result (mpi_data, a wallet cryptogram): a merchant's decline burst lets it pass. */
  hasThreeDs?: boolean;
}

/** What the check found: the decision when a control stopped the payment, and what a later decline counts on. */
export interface Screened {
  decision?: RiskDecision;
  /** A rule asked for 3DS and no control blocked: the acquirer is asked to challenge the payer. */
  challenge?: RiskDecision;
  /** The card's fingerprint, kept on the payment so an operator can blocklist the card by the payment. */
  fingerprint?: string;
  counted?: Counted;
}

/** What a later decline of the payment is counted on: the counters' keys, the thresholds, the merchant's earlier minutes. */
export interface Counted {
  clientKey: string;
  card: string;
  ip?: string;
  thresholds: Thresholds;
  merchantDeclines?: MerchantDeclines;
}

/** Counters live a day after their last entry: every window and cool-down is at most that (risk settings refuse more). */
export const COUNTER_KEEP_SECONDS = 24 * 3600;

const epochSeconds = (c: Clock) => Math.floor(c.now().getTime() / 1000);

export async function screenCardPayment(d: RiskDeps, s: RiskSubject): Promise<Screened> {
  const screened = await screen(d, s);
  if (screened.decision) {
    noteMetric(RISK_BLOCKED_METRIC, 1);
    noteMetric(CONTROL_METRICS[screened.decision.control] ?? RISK_BLOCKED_METRIC, 1);
  }
  return screened;
}

async function screen(d: RiskDeps, s: RiskSubject): Promise<Screened> {
  try {
    const now = epochSeconds(d.clock);
    const card = await d.risk.fingerprint(s.cardNumber);
    const blocklist = blocklistKeys(s.clientKey, { card, cardNumber: s.cardNumber, email: s.payerEmail, country: s.payerCountry });
    const binPrefixes = [s.cardNumber.slice(0, 6), s.cardNumber.slice(0, 8)];
    // The BIN's country, for rules: an imported BIN, else (sandbox) the test cards' fixture.
    const withBin = (snap: { binCountry?: string }): Pick<RiskSubject, 'facts' | 'canChallenge'> => {
      const binCountry = snap.binCountry ?? sandboxBinCountry(d.config.STAGE_KIND, s.cardNumber);
      return { canChallenge: s.canChallenge, ...(s.facts ? { facts: { ...s.facts, ...(binCountry ? { binCountry } : {}) } } : {}) };
    };
    const ipRanges = s.payerIp ? scopesOf(s.clientKey) : [];
    const listed = (snap: { blocked: BlocklistEntry[]; ipRanges: { scope: string; value: string }[] }) =>
      blocklistCheck(snap.blocked, matchingRange(s.payerIp, snap.ipRanges));
    // Blocklists apply to every card; the sandbox's test cards alone are not counted.
    if (exemptFromCounters(d.config.STAGE_KIND, s.cardNumber)) {
      const snapshot = await d.risk.read({ clientKey: s.clientKey, blocklist, ipRanges, binPrefixes });
      const rule = ruleOutcome(snapshot.rules, withBin(snapshot));
      const decision = listed(snapshot) ?? rule.block;
      return { fingerprint: card, ...(decision ? { decision } : rule.challenge ? { challenge: rule.challenge } : {}) };
    }
    // Side by side, one round trip: the read, and the attempt's append that answers the card's counter with it.
    const [snapshot, cardCounter] = await Promise.all([
      d.risk.read({
        clientKey: s.clientKey,
        ip: s.payerIp,
        blocklist,
        ipRanges,
        merchantDeclines: { from: burstReadFrom(now), to: now },
        binPrefixes,
      }),
      d.risk.countAttempt(s.clientKey, card, now, COUNTER_KEEP_SECONDS),
    ]);
    const thresholds = thresholdsOf(snapshot.settings);
    const rule = ruleOutcome(snapshot.rules, withBin(snapshot));
    const burst = merchantBurstCheck(snapshot.merchantDeclines, now, thresholds, s);
    const decision =
      listed(snapshot) ??
      rule.block ??
      (s.payerIp ? cardTestingCheck(s.payerIp, snapshot.ip, now, thresholds) : undefined) ??
      cardVelocityCheck(cardCounter, now, thresholds) ??
      burst.block;
    const challenge = rule.challenge ?? burst.challenge;
    const counted: Counted = {
      clientKey: s.clientKey,
      card,
      ...(s.payerIp ? { ip: s.payerIp } : {}),
      thresholds,
      ...(snapshot.merchantDeclines ? { merchantDeclines: snapshot.merchantDeclines } : {}),
    };
    return { fingerprint: card, ...(decision ? { decision } : challenge ? { challenge } : {}), counted };
  } catch (err) {
    logger.error('risk check failed; payment let through', { error: (err as Error).message });
    return {};
  }
}

/** The merchant's first matching rule: a block, or a challenge where the flow can run 3DS (a block where it cannot). */
function ruleOutcome(
  rules: RiskRule[],
  s: Pick<RiskSubject, 'facts' | 'canChallenge'>,
): { block?: RiskDecision; challenge?: RiskDecision } {
  const found = s.facts && riskRuleCheck(rules, s.facts);
  if (!found) return {};
  const { action, ...decision } = found;
  if (action === 'block') return { block: decision };
  return s.canChallenge
    ? { challenge: decision }
    : { block: { ...decision, reason: `${decision.reason} (this payment cannot run 3DS: blocked)` } };
}

/**
 * A merchant-initiated charge (RECURRING_SALE / RECURRING_DEBIT, a schedule's run): the merchant's rules only, in one
 * read. The payer is not there, so no counter counts it and a `challenge` rule blocks it (no 3DS can run).
 */
export function screenMerchantInitiated(d: Pick<RiskDeps, 'risk'>, s: Pick<RiskSubject, 'clientKey' | 'facts'>): Promise<Screened> {
  return orLetThrough(async () => {
    const snap = await d.risk.read({ clientKey: s.clientKey });
    return noted(ruleOutcome(snap.rules, { facts: s.facts, canChallenge: false }).block);
  });
}

/**
 * An APM payment (no card): the blocklists of its payer's e-mail, IP and country, and the merchant's rules, in one
 * read. An APM payment runs no 3DS: a rule's `challenge` blocks it.
 */
export function screenApmPayment(d: Pick<RiskDeps, 'risk'>, s: Omit<RiskSubject, 'cardNumber'>): Promise<Screened> {
  return orLetThrough(async () => {
    const snap = await d.risk.read({
      clientKey: s.clientKey,
      blocklist: blocklistKeys(s.clientKey, { email: s.payerEmail, country: s.payerCountry }),
      ipRanges: s.payerIp ? scopesOf(s.clientKey) : [],
    });
    return noted(
      blocklistCheck(snap.blocked, matchingRange(s.payerIp, snap.ipRanges)) ?? ruleOutcome(snap.rules, { ...s, canChallenge: false }).block,
    );
  });
}

/** A blocking decision, counted in the metrics per control. */
function noted(decision: RiskDecision | undefined): Screened {
  if (!decision) return {};
  noteMetric(RISK_BLOCKED_METRIC, 1);
  noteMetric(CONTROL_METRICS[decision.control] ?? RISK_BLOCKED_METRIC, 1);
  return { decision };
}

/** A check that fails lets the payment through and logs it (a choice: docs/risk.md). */
async function orLetThrough(check: () => Promise<Screened>): Promise<Screened> {
  try {
    return await check();
  } catch (err) {
    logger.error('risk check failed; payment let through', { error: (err as Error).message });
    return {};
  }
}

/**
 * A screened card payment declined later, at its 3DS step's completion: counted like a decline of the first answer
 * (the payment keeps the card's fingerprint and the payer IP). The thresholds and the merchant's earlier minutes take
 * one read here: this is not the SALE's request. A sandbox test card is not counted, as at the check.
 */
export async function countLaterDecline(
  d: RiskDeps,
  p: { clientKey: string; cardNumber: string; fingerprint?: string; payerIp?: string },
): Promise<void> {
  if (!p.fingerprint || exemptFromCounters(d.config.STAGE_KIND, p.cardNumber)) return;
  try {
    const now = epochSeconds(d.clock);
    const snapshot = await d.risk.read({ clientKey: p.clientKey, merchantDeclines: { from: burstReadFrom(now), to: now } });
    const thresholds = thresholdsOf(snapshot.settings);
    await countDecline(d, {
      clientKey: p.clientKey,
      card: p.fingerprint,
      ...(p.payerIp ? { ip: p.payerIp } : {}),
      thresholds,
      ...(snapshot.merchantDeclines ? { merchantDeclines: snapshot.merchantDeclines } : {}),
    });
  } catch (err) {
    logger.error('risk decline not counted', { error: (err as Error).message });
  }
}

/**
 * An acquirer declined a screened payment: count it for the card, the IP and the merchant, and start the IP's
 * cool-down at the card-testing limit and the merchant's at a decline burst (side by side).
 */
export async function countDecline(d: RiskDeps, counted: Counted): Promise<void> {
  try {
    const now = epochSeconds(d.clock);
    const t = counted.thresholds;
    const after = await d.risk.countDecline(counted, now, { cardSeconds: COUNTER_KEEP_SECONDS, ipSeconds: COUNTER_KEEP_SECONDS });
    // The hour just written is exact; the earlier minutes are those the check read.
    const merchant = { minutes: { ...counted.merchantDeclines?.minutes, ...after.merchant.minutes } };
    await Promise.all([
      after.ip && counted.ip && reachesCardTestingLimit(after.ip, now, t)
        ? d.risk.blockIp(counted.clientKey, counted.ip, now + t.cooldownSeconds, COUNTER_KEEP_SECONDS)
        : undefined,
      reachesBurst(merchant, now, t)
        ? d.risk.blockMerchant(counted.clientKey, now + t.burstCooldownSeconds, COUNTER_KEEP_SECONDS)
        : undefined,
    ]);
  } catch (err) {
    logger.error('risk decline not counted', { error: (err as Error).message });
  }
}
