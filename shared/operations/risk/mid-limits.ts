/**
 * Limits per MID (docs/risk.md "Limits per MID"): a minimum and maximum amount per payment and a daily volume cap per
 * currency, checked with the risk check before any acquirer is asked. A payment a MID's limits refuse goes to the next
 * MID of its routing rule that takes it; with none left it is declined like a risk block. The cap's counter grows by an
 * atomic ADD on the condition that it stays within the cap, so concurrent payments never overshoot it; a payment
 * that is declined gives its amount back.
 */
import type { Mid, MidLimits } from '../../domain/merchant.js';
import { findCurrency, formatAmount } from '../../domain/money.js';
import type { RiskStore, MidVolumeKey } from '../../ports/risk-store.js';
import type { Clock } from '../../ports/clock.js';
import type { RiskDecision } from './decision.js';
import { logger } from '../../lib/logger.js';

export const MID_LIMIT = 'mid-limit';

/** A day's counter lives a day after it ends: enough for an operator to look, then TTL drops it. */
const VOLUME_KEEP_SECONDS = 2 * 24 * 3600;

/** Decimal text as minor units of the currency: extra decimals beyond its exponent are cut (1.50 JPY is 1). */
export function limitInMinor(text: string, currencyCode: string): number | undefined {
  const currency = findCurrency(currencyCode);
  const m = /^(\d{1,15})(?:\.(\d{1,4}))?$/.exec(text);
  if (!currency || !m) return undefined;
  const fraction = (m[2] ?? '').padEnd(currency.exponent, '0').slice(0, currency.exponent);
  return Number(`${m[1]}${fraction}`);
}

/** Why the MID's amount limits refuse the payment, or undefined when they take it. */
export function amountRefused(limits: MidLimits | undefined, amount: number, currency: string): string | undefined {
  const min = limits?.minAmount === undefined ? undefined : limitInMinor(limits.minAmount, currency);
  const max = limits?.maxAmount === undefined ? undefined : limitInMinor(limits.maxAmount, currency);
  const shown = (minor: number) => `${formatAmount({ minor, currency })} ${currency}`;
  if (min !== undefined && amount < min) return `${shown(amount)} below the minimum ${shown(min)}`;
  if (max !== undefined && amount > max) return `${shown(amount)} above the maximum ${shown(max)}`;
  return undefined;
}

export interface Placement {
  /** The MID that takes the payment, and the rule's MIDs after it the payment may cascade to. */
  mid?: Mid;
  fallbacks: Mid[];
  /** The cap counter the payment's amount was added to: given back when the payment is declined. */
  reserved?: { key: MidVolumeKey; amount: number };
  /** Every MID had a limit against the payment. */
  decision?: RiskDecision;
}

export interface LimitDeps {
  risk: RiskStore;
  clock: Clock;
}

/**
 * The first of the candidates (the routed MID, then its rule's others) whose limits take the payment; its cap, if
 * it has one, holds the amount from here. The MIDs after it stay as fallbacks, those with a cap left out: a cascade
 * goes on within one request without a second reservation (docs/risk.md).
 */
export async function placeWithinLimits(
  d: LimitDeps,
  q: { clientKey: string; amount: number; currency: string },
  candidates: Mid[],
): Promise<Placement> {
  const refusals: string[] = [];
  for (const [i, mid] of candidates.entries()) {
    const refused = amountRefused(mid.limits, q.amount, q.currency);
    if (refused) {
      refusals.push(`MID ${mid.midId}: ${refused}`);
      continue;
    }
    const reserved = await reserveDailyVolume(d, q, mid);
    if (reserved === false) {
      refusals.push(`MID ${mid.midId}: daily cap ${mid.limits!.dailyCap} ${q.currency} reached`);
      continue;
    }
    const fallbacks = candidates
      .slice(i + 1)
      .filter((m) => !amountRefused(m.limits, q.amount, q.currency) && m.limits?.dailyCap === undefined);
    return { mid, fallbacks, ...(reserved ? { reserved } : {}) };
  }
  return { fallbacks: [], decision: { control: MID_LIMIT, reason: refusals.join('; ') } };
}

/** Adds the amount to the MID's counter of the day unless that would pass its cap: false when it would. */
async function reserveDailyVolume(
  d: LimitDeps,
  q: { clientKey: string; amount: number; currency: string },
  mid: Mid,
): Promise<Placement['reserved'] | false | undefined> {
  const cap = mid.limits?.dailyCap === undefined ? undefined : limitInMinor(mid.limits.dailyCap, q.currency);
  if (cap === undefined) return undefined;
  if (q.amount > cap) return false;
  const now = d.clock.now();
  const key: MidVolumeKey = { clientKey: q.clientKey, midId: mid.midId, currency: q.currency, day: now.toISOString().slice(0, 10) };
  const dayEnds = Date.parse(`${key.day}T00:00:00Z`) / 1000 + 24 * 3600;
  try {
    const added = await d.risk.addMidVolume(key, q.amount, cap, dayEnds + VOLUME_KEEP_SECONDS);
    return added ? { key, amount: q.amount } : false;
  } catch (err) {
    // Like the risk check: a failing counter (DynamoDB throttling) lets the payment through on this MID, uncounted.
    logger.error('MID volume not counted; payment let through', { midId: mid.midId, error: (err as Error).message });
    return undefined;
  }
}

/** A declined payment's amount leaves the day's volume (a failure is logged: the payment's answer stands). */
export async function releaseDailyVolume(d: Pick<LimitDeps, 'risk'>, reserved: NonNullable<Placement['reserved']>): Promise<void> {
  try {
    await d.risk.addMidVolume(reserved.key, -reserved.amount);
  } catch (err) {
    logger.error('MID volume not given back', { midId: reserved.key.midId, error: (err as Error).message });
  }
}
