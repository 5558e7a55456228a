/**
 * Risk rules per merchant (docs/risk.md): matching a payment against the rules (the first that matches decides).
 * Reading a rules file is rules-file.ts's.
 */
import type { RiskAction, RiskFacts, RiskRule, RiskRuleConditions } from '../../domain/risk-rules.js';
import type { RiskDecision } from './decision.js';

export const RULE = 'rule';

/** Does the rule match the payment? A country condition matches only a known country (docs/risk.md). */
export function riskRuleMatches(m: RiskRuleConditions, p: RiskFacts): boolean {
  if (m.minAmount !== undefined && p.amount < m.minAmount) return false;
  if (m.maxAmount !== undefined && p.amount > m.maxAmount) return false;
  if (m.currencies && !m.currencies.includes(p.currency.toUpperCase())) return false;
  if (m.brands && !m.brands.includes(p.brand)) return false;
  if (m.binCountries && !(p.binCountry && m.binCountries.includes(p.binCountry))) return false;
  if (m.payerCountries && !(p.payerCountry && m.payerCountries.includes(p.payerCountry))) return false;
  if (m.payerCountryDiffersFromBin !== undefined) {
    if (!p.payerCountry || !p.binCountry) return false;
    if ((p.payerCountry !== p.binCountry) !== m.payerCountryDiffersFromBin) return false;
  }
  if (m.integrations && !m.integrations.includes(p.integration)) return false;
  if (m.moto !== undefined && m.moto !== p.moto) return false;
  return true;
}

/** The first rule that matches, as a decision that names it; undefined when none does. */
export function riskRuleCheck(rules: RiskRule[], p: RiskFacts): (RiskDecision & { action: RiskAction }) | undefined {
  const rule = rules.find((r) => riskRuleMatches(r.match, p));
  return rule && { control: RULE, reason: `rule "${rule.name}": ${rule.action}`, action: rule.action };
}
