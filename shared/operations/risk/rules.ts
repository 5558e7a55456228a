/**
 * Risk rules per merchant (docs/risk.md): reading a rules file, with every problem named by its rule and field (like
 * routing rules), and matching a payment against the rules (the first that matches decides).
 */
import { CARD_BRANDS } from '../../domain/routing.js';
import {
  RISK_ACTIONS,
  RISK_INTEGRATIONS,
  type RiskAction,
  type RiskFacts,
  type RiskRule,
  type RiskRuleConditions,
} from '../../domain/risk-rules.js';
import type { RiskDecision } from './decision.js';
import { amountRange, checkKeys, integrationList, isObject, knownList, stringList } from '../../domain/rule-fields.js';

export const RULE = 'rule';

/** More rules than this is a list no one reviews; each is matched in memory, so the limit is about people. */
export const MAX_RULES = 100;

export class RiskRulesError extends Error {
  constructor(readonly problems: string[]) {
    super(`The risk rules are not valid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

const CONDITIONS = [
  'minAmount',
  'maxAmount',
  'currencies',
  'brands',
  'binCountries',
  'payerCountries',
  'payerCountryDiffersFromBin',
  'integrations',
  'moto',
] as const;

export function parseRiskRules(input: unknown): RiskRule[] {
  const problems: string[] = [];
  if (!isObject(input)) throw new RiskRulesError(['The file must hold a JSON object with a "rules" list.']);
  checkKeys(input, ['rules'], 'The file', problems);
  if (!Array.isArray(input.rules)) problems.push('"rules" must be a list (an empty list removes all rules).');
  const raw: unknown[] = Array.isArray(input.rules) ? input.rules : [];
  if (raw.length > MAX_RULES) problems.push(`"rules" has ${raw.length} rules; at most ${MAX_RULES}.`);
  const rules = raw.map((r, i) => parseRule(r, `Rule ${i + 1}`, problems));
  const seen = new Map<string, number>();
  rules.forEach((r, i) => {
    if (!r?.name) return;
    if (seen.has(r.name))
      problems.push(
        `Rule ${i + 1} ("${r.name}"): the name is already rule ${seen.get(r.name)! + 1}'s; a decision names its rule, so names must differ.`,
      );
    else seen.set(r.name, i);
  });
  const catchAll = raw.findIndex((r) => isObject(r) && (r.match === undefined || (isObject(r.match) && Object.keys(r.match).length === 0)));
  if (catchAll >= 0 && catchAll < raw.length - 1) {
    problems.push(
      `Rule ${catchAll + 2} and later can never match: rule ${catchAll + 1} has no conditions and matches every payment (put it last).`,
    );
  }
  if (problems.length) throw new RiskRulesError(problems);
  return rules as RiskRule[];
}

function parseRule(input: unknown, at: string, problems: string[]): RiskRule | undefined {
  if (!isObject(input)) {
    problems.push(`${at}: must be an object with "name", "match" and "action".`);
    return undefined;
  }
  const named = typeof input.name === 'string' && input.name.trim() !== '';
  const label = named ? `${at} ("${input.name}")` : at;
  checkKeys(input, ['name', 'match', 'action'], label, problems);
  if (!named) problems.push(`${at}: "name" is required (text): the decision recorded on a payment names its rule.`);
  if (!(RISK_ACTIONS as readonly unknown[]).includes(input.action))
    problems.push(`${label}: "action" must be one of ${RISK_ACTIONS.join(', ')}.`);
  const match = parseConditions(input.match ?? {}, label, problems);
  return { name: named ? (input.name as string).trim() : '', match, action: input.action as RiskAction };
}

function parseConditions(input: unknown, at: string, problems: string[]): RiskRuleConditions {
  if (!isObject(input)) {
    problems.push(`${at}: "match" must be an object.`);
    return {};
  }
  checkKeys(input, [...CONDITIONS], `${at}, match`, problems);
  const c: RiskRuleConditions = {};
  Object.assign(c, amountRange(input, at, problems));
  const currencies = codes(input.currencies, `${at}: "currencies"`, problems, /^[A-Z]{3}$/, 'an ISO 4217 currency code (three letters)');
  if (currencies) c.currencies = currencies;
  const brands = knownList(input, 'brands', 'card brand', at, problems, CARD_BRANDS);
  if (brands) c.brands = brands;
  for (const key of ['binCountries', 'payerCountries'] as const) {
    const v = codes(input[key], `${at}: "${key}"`, problems, /^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 country code (two letters)');
    if (v) c[key] = v;
  }
  for (const key of ['payerCountryDiffersFromBin', 'moto'] as const) {
    const v = input[key];
    if (v === undefined) continue;
    if (typeof v !== 'boolean') problems.push(`${at}: "${key}" must be true or false.`);
    else c[key] = v;
  }
  const integrations = integrationList(input, at, problems, RISK_INTEGRATIONS);
  if (integrations) c.integrations = integrations;
  return c;
}

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

function codes(v: unknown, at: string, problems: string[], shape: RegExp, what: string): string[] | undefined {
  const values = stringList(v, at, problems, (x) => x.toUpperCase());
  const bad = values?.filter((x) => !shape.test(x)) ?? [];
  if (bad.length) problems.push(`${at}: ${bad.map((b) => `"${b}"`).join(', ')} is not ${what}.`);
  return values;
}
