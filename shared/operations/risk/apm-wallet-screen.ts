/**
 * The screen of a wallet SALE sent to the APM endpoint (brand googlepay / applepay, docs/risk.md): the APM payment's
 * screen (its payer's blocklists and the merchant's rules, integration `s2s-apm`) as the payment core's ChargeScreen.
 * The card counters stay with the S2S CARD wallet SALE: they would take the APM endpoint's bundle over its budget.
 */
import type { ChargeScreen } from '../payment/index.js';
import { screenApmPayment, type RiskDeps, type RiskSubject } from './check.js';
import { RISK_DECLINE_REASON } from './decision.js';

export function apmWalletScreen(d: Pick<RiskDeps, 'risk'>, subject: Omit<RiskSubject, 'cardNumber'>): ChargeScreen {
  return {
    async before(candidates) {
      const { decision } = await screenApmPayment(d, subject);
      return {
        ...(decision ? { declineReason: RISK_DECLINE_REASON, risk: decision } : {}),
        challenge: false,
        first: candidates[0]!,
        fallbacks: candidates.slice(1),
      };
    },
    async declined() {},
    async unused() {},
  };
}
