/**
 * Merchant-wide decline burst (docs/risk.md): the card-testing run the IP guard cannot see, spread over many
 * addresses. A merchant's acquirer declines are counted per minute; when the last 10 minutes hold at least
 * `burstDeclines` (default 20) and at least `burstFactor` (default 4) times the merchant's average per 10 minutes over
 * the hour before them, its card payments without 3DS are declined, or challenged where the flow can run 3DS, for
 * `burstCooldownSeconds` (default 1 hour). A payment that brings its own 3DS result passes.
 */
import type { MerchantDeclines } from '../../ports/risk-store.js';
import type { RiskDecision } from './decision.js';
import type { Thresholds } from './settings.js';

export const MERCHANT_BURST = 'merchant-burst';

export const BURST_WINDOW_MINUTES = 10;
export const BASELINE_MINUTES = 60;

/** The epoch seconds the check reads minutes from: the window and the hour before it. */
export const burstReadFrom = (now: number): number => (Math.floor(now / 60) - BURST_WINDOW_MINUTES - BASELINE_MINUTES + 1) * 60;

export interface BurstLevel {
  /** Declines in the window ending with the current minute. */
  recent: number;
  /** Declines in the hour before the window. */
  baseline: number;
  /** Declines in the window that make a burst: max(burstDeclines, burstFactor × baseline / 6), rounded up. */
  limit: number;
}

export function burstLevel(m: MerchantDeclines, now: number, t: Thresholds): BurstLevel {
  const minute = Math.floor(now / 60);
  let recent = 0;
  let baseline = 0;
  for (const [at, n] of Object.entries(m.minutes)) {
    const age = minute - Number(at);
    if (age >= 0 && age < BURST_WINDOW_MINUTES) recent += n;
    else if (age >= BURST_WINDOW_MINUTES && age < BURST_WINDOW_MINUTES + BASELINE_MINUTES) baseline += n;
  }
  const perWindow = (t.burstFactor * baseline * BURST_WINDOW_MINUTES) / BASELINE_MINUTES;
  return { recent, baseline, limit: Math.max(t.burstDeclines, Math.ceil(perWindow)) };
}

export const reachesBurst = (m: MerchantDeclines, now: number, t: Thresholds): boolean => {
  const l = burstLevel(m, now, t);
  return l.recent >= l.limit;
};

/** Why the merchant is in a burst now (its cool-down, or a window past the limit whose cool-down is being written). */
function burstReason(m: MerchantDeclines | undefined, now: number, t: Thresholds): string | undefined {
  if (!m) return undefined;
  if (m.burstUntil !== undefined && m.burstUntil > now)
    return `merchant decline burst: cool-down until ${new Date(m.burstUntil * 1000).toISOString()}`;
  const l = burstLevel(m, now, t);
  if (l.recent >= l.limit)
    return `merchant decline burst: ${l.recent} declines in ${BURST_WINDOW_MINUTES} min, ${l.baseline} in the hour before (limit ${l.limit})`;
  return undefined;
}

/** During a burst: no decision for a payment with its own 3DS result, a challenge where 3DS can run, a block otherwise. */
export function merchantBurstCheck(
  m: MerchantDeclines | undefined,
  now: number,
  t: Thresholds,
  payment: { hasThreeDs?: boolean; canChallenge?: boolean },
): { block?: RiskDecision; challenge?: RiskDecision } {
  const reason = burstReason(m, now, t);
  if (!reason || payment.hasThreeDs) return {};
  if (payment.canChallenge) return { challenge: { control: MERCHANT_BURST, reason: `${reason}: challenge` } };
  return { block: { control: MERCHANT_BURST, reason: `${reason} (this payment cannot run 3DS: blocked)` } };
}
