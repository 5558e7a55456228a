/**
 * Velocity per card (by its keyed fingerprint), on the card's counter with this attempt counted: more than
 * `cardAttempts` attempts (default 10) within the window (default 1 hour) are declined, and so is every attempt once
 * the card had `cardDeclines` declines (default 3) within it.
 */
import type { CardCounter } from '../../ports/risk-store.js';
import { within, type RiskDecision } from './decision.js';
import type { Thresholds } from './settings.js';

export const CARD_VELOCITY = 'card-velocity';

export function cardVelocityCheck(card: CardCounter | undefined, now: number, t: Thresholds): RiskDecision | undefined {
  if (!card) return undefined;
  const attempts = card.attempts.filter((at) => within(at, now, t.cardWindowSeconds)).length;
  if (attempts > t.cardAttempts)
    return { control: CARD_VELOCITY, reason: `card attempts: ${attempts} in ${t.cardWindowSeconds} s (limit ${t.cardAttempts})` };
  const declines = card.declines.filter((at) => within(at, now, t.cardWindowSeconds)).length;
  if (declines >= t.cardDeclines)
    return { control: CARD_VELOCITY, reason: `card declines: ${declines} in ${t.cardWindowSeconds} s (limit ${t.cardDeclines})` };
  return undefined;
}
