/**
 * Reading a merchant's risk rules file (docs/risk.md): its structure first, every problem named by its rule and field
 * (like routing rules), then, once that is right, the names and order. Apart from the matching (rules.ts), which every
 * payment runs: the request carries no schema.
 */
import * as z from '../../lib/zod-mini.js';
import { CARD_BRANDS } from '../../domain/routing.js';
import { RISK_ACTIONS, RISK_INTEGRATIONS, type RiskRule } from '../../domain/risk-rules.js';
import { invalid } from './manage-errors.js';
import { amounts, code, fields, flag, list, oneOf, reachable, readRules, text, unreachable } from '../../domain/rule-fields.js';

/** More rules than this is a list no one reviews; each is matched in memory, so the limit is about people. */
export const MAX_RULES = 100;

// Built when a file is read: a bundle that imports this module without reading a file carries no schema.
const country = () => code(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 country code (two letters)');
const conditions = () =>
  fields(
    {
      ...amounts(),
      currencies: list(code(/^[A-Z]{3}$/, 'an ISO 4217 currency code (three letters)')),
      brands: list(oneOf(CARD_BRANDS, 'card brand')),
      binCountries: list(country()),
      payerCountries: list(country()),
      payerCountryDiffersFromBin: flag(),
      integrations: list(oneOf(RISK_INTEGRATIONS, 'integration')),
      moto: flag(),
    },
    'an object',
  ).check(reachable());

const NAME = 'is required (text): the decision recorded on a payment names its rule.';
const rule = () =>
  fields(
    {
      name: text(NAME).check(z.minLength(1, NAME)),
      match: z._default(conditions(), () => ({})),
      action: z.enum(RISK_ACTIONS, `must be one of ${RISK_ACTIONS.join(', ')}.`),
    },
    'an object with "name", "match" and "action"',
  );

const file = () =>
  fields(
    {
      rules: z
        .array(rule(), 'must be a list (an empty list removes all rules).')
        .check(z.maxLength(MAX_RULES, { error: (iss) => `has ${(iss.input as unknown[]).length} rules; at most ${MAX_RULES}.` })),
    },
    'a JSON object with a "rules" list',
  );

export function parseRiskRules(input: unknown): RiskRule[] {
  return readRules(
    file(),
    input,
    ({ rules }) => [...sameNames(rules), ...unreachable(rules)],
    (p) => invalid('The risk rules are not valid:', p),
  ).rules;
}

/** A decision names its rule, so names must differ. */
function sameNames(rules: RiskRule[]): string[] {
  const first = new Map<string, number>();
  return rules.flatMap(({ name }, i) => {
    if (!first.has(name)) return first.set(name, i) && [];
    return [
      `Rule ${i + 1} ("${name}"): the name is already rule ${first.get(name)! + 1}'s; a decision names its rule, so names must differ.`,
    ];
  });
}
