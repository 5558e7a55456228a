/**
 * A merchant's risk rules (docs/risk.md "Rules per merchant"): an ordered list, each a set of conditions on the
 * payment and an action. The first rule that matches decides: `block` declines the payment before any acquirer is
 * asked; `challenge` asks for 3DS where the flow allows it and blocks where it does not.
 */
import { INTEGRATIONS } from './routing.js';

/** Where a payment came in: the card integrations of routing rules, and S2S APM (docs/risk.md). */
export const RISK_INTEGRATIONS = [...INTEGRATIONS, 's2s-apm'] as const;
export type RiskIntegration = (typeof RISK_INTEGRATIONS)[number];

export const RISK_ACTIONS = ['block', 'challenge'] as const;
export type RiskAction = (typeof RISK_ACTIONS)[number];

/** Every condition given must hold; an absent one matches any payment. Amounts in minor units, bounds included. */
export interface RiskRuleConditions {
  minAmount?: number;
  maxAmount?: number;
  currencies?: string[];
  brands?: string[];
  /** ISO 3166-1 alpha-2 of the card's issuer (its BIN); matches only where the platform knows that country. */
  binCountries?: string[];
  /** ISO 3166-1 alpha-2 of the payer (payer_country); matches only where the integration gives one. */
  payerCountries?: string[];
  /** true: the payer's country differs from the BIN's country (both known); false: they are the same. */
  payerCountryDiffersFromBin?: boolean;
  integrations?: RiskIntegration[];
  moto?: boolean;
}

export interface RiskRule {
  /** Named by the decision recorded on the payment; unique within the list. */
  name: string;
  match: RiskRuleConditions;
  action: RiskAction;
}

/** What a rule looks at: the payment as the risk check knows it (countries upper-case, absent when unknown). */
export interface RiskFacts {
  amount: number;
  currency: string;
  /** The card's brand; an APM payment's method (which no `brands` condition names). */
  brand: string;
  binCountry?: string;
  payerCountry?: string;
  integration: RiskIntegration;
  moto: boolean;
}
