/** Does a rule's set of conditions match a payment? An absent condition matches everything. */
import type { PaymentFacts, RoutingRule, RoutingTable } from '../../domain/routing.js';

export function ruleMatches(rule: RoutingRule, p: PaymentFacts): boolean {
  const m = rule.match;
  if (m.brands && !m.brands.includes(p.brand)) return false;
  if (m.currencies && !m.currencies.includes(p.currency.toUpperCase())) return false;
  if (m.minAmount !== undefined && p.amount < m.minAmount) return false;
  if (m.maxAmount !== undefined && p.amount > m.maxAmount) return false;
  if (m.moto !== undefined && m.moto !== p.moto) return false;
  if (m.threeDs !== undefined && m.threeDs !== p.threeDs) return false;
  if (m.integrations && !m.integrations.includes(p.integration)) return false;
  return true;
}

/** The first rule that matches decides; undefined when none does (routing as without rules). */
export function firstMatchingRule(table: RoutingTable | undefined, p: PaymentFacts): RoutingRule | undefined {
  return table?.rules.find((r) => ruleMatches(r, p));
}
