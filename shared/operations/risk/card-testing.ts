/**
 * Card-testing guard, per payer IP: declines of distinct cards from one IP are counted in a sliding window; once they
 * reach the threshold (default 5 within 10 minutes) the IP is stopped for the cool-down (default 1 hour), and every
 * card payment from it is declined before any acquirer is asked.
 */
import type { IpCounter } from '../../ports/risk-store.js';
import { within, type RiskDecision } from './decision.js';
import type { Thresholds } from './settings.js';

export const CARD_TESTING = 'card-testing';

/** Distinct cards declined from the IP within the window ending `now`. */
export function distinctDeclinedCards(ip: IpCounter, now: number, t: Thresholds): number {
  return new Set(ip.declines.filter((d) => within(d.at, now, t.ipWindowSeconds)).map((d) => d.card)).size;
}

/** Declines a payment from an IP in its cool-down, or one already past the threshold (its cool-down being written). */
export function cardTestingCheck(ipAddress: string, ip: IpCounter | undefined, now: number, t: Thresholds): RiskDecision | undefined {
  if (!ip) return undefined;
  if (ip.blockedUntil !== undefined && ip.blockedUntil > now) {
    return { control: CARD_TESTING, reason: `payer IP ${ipAddress} in cool-down until ${new Date(ip.blockedUntil * 1000).toISOString()}` };
  }
  const cards = distinctDeclinedCards(ip, now, t);
  if (cards >= t.ipDeclinedCards)
    return {
      control: CARD_TESTING,
      reason: `payer IP ${ipAddress}: ${cards} distinct declined cards in ${t.ipWindowSeconds} s (limit ${t.ipDeclinedCards})`,
    };
  return undefined;
}

/** After a decline from the IP: stop it when that decline reached the threshold. */
export const reachesCardTestingLimit = (ip: IpCounter, now: number, t: Thresholds): boolean =>
  distinctDeclinedCards(ip, now, t) >= t.ipDeclinedCards;
