/** What a risk control answers, and the decline reason every blocked payment carries (it names no list or rule). */
import type { RiskDecision } from '../../domain/payment-details.js';

export type { RiskDecision };

export const RISK_DECLINE_REASON = 'Declined by risk rules.';

/**
 * The CloudWatch metric each control's blocks are counted in (infra/observability/platform-metrics.ts), beside
 * `RiskBlocked` for all of them; the alarm on a card-testing burst reads `CardTestingBlocked`.
 */
export const RISK_BLOCKED_METRIC = 'RiskBlocked';
export const CONTROL_METRICS: Readonly<Record<string, string>> = {
  'card-testing': 'CardTestingBlocked',
  'card-velocity': 'CardVelocityBlocked',
  blocklist: 'BlocklistBlocked',
  rule: 'RiskRuleBlocked',
  'mid-limit': 'MidLimitBlocked',
  'merchant-burst': 'MerchantBurstBlocked',
};

/** Seconds after `since` within `windowSeconds` of `now`. */
export const within = (at: number, now: number, windowSeconds: number): boolean => at > now - windowSeconds;
