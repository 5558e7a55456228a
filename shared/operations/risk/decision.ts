/** What a risk control answers, and the decline reason every blocked payment carries (it names no list or rule). */
import type { RiskDecision } from '../../domain/payment-details.js';

export type { RiskDecision };

export const RISK_DECLINE_REASON = 'Declined by risk rules.';

/** Seconds after `since` within `windowSeconds` of `now`. */
export const within = (at: number, now: number, windowSeconds: number): boolean => at > now - windowSeconds;
