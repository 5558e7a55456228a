/**
 * The risk controls' thresholds: the platform defaults (on for every merchant, in every stage), each overridable per
 * merchant (`npm run admin -- risk settings set KEY …`, docs/risk.md).
 */
import type { RiskSettings } from '../../ports/risk-store.js';

export type Thresholds = Required<RiskSettings>;

export const DEFAULT_THRESHOLDS: Thresholds = {
  ipDeclinedCards: 5,
  ipWindowSeconds: 10 * 60,
  cooldownSeconds: 60 * 60,
  cardAttempts: 10,
  cardDeclines: 3,
  cardWindowSeconds: 60 * 60,
  burstDeclines: 20,
  burstFactor: 4,
  burstCooldownSeconds: 60 * 60,
};

export function thresholdsOf(s: RiskSettings): Thresholds {
  return { ...DEFAULT_THRESHOLDS, ...s };
}
