/**
 * Reads a routing rules file (docs/routing.md) against the merchant's MIDs. Every problem is listed, each naming the
 * rule and field it is about, so one run of `routing set` shows all there is to fix.
 */
import type { Mid } from '../../domain/merchant.js';
import { DEFAULT_MID_HEALTH_POLICY, type MidHealthPolicy } from '../../domain/mid-health.js';
import { refusedSoftDecline } from './soft-declines.js';
import { CARD_BRANDS, INTEGRATIONS, type RoutingRule, type RoutingTable, type RuleConditions } from '../../domain/routing.js';
import { amountRange, checkKeys, integrationList, isObject, knownList, stringList } from '../../domain/rule-fields.js';

export const DEFAULT_MAX_ATTEMPTS = 2;
/** More would keep a merchant's request open for too long: each attempt is one acquirer round trip. */
export const MAX_ATTEMPTS_LIMIT = 5;

export class RoutingRulesError extends Error {
  constructor(readonly problems: string[]) {
    super(`The routing rules are not valid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

type Parsed = Omit<RoutingTable, 'version'>;

export function parseRoutingRules(input: unknown, mids: Mid[], opts: { maxAttempts?: number } = {}): Parsed {
  const problems: string[] = [];
  if (!isObject(input)) throw new RoutingRulesError(['The file must hold a JSON object with a "rules" list.']);
  checkKeys(input, ['rules', 'maxAttempts', 'softDeclines', 'health'], 'The file', problems);
  const maxAttempts = opts.maxAttempts ?? (input.maxAttempts === undefined ? DEFAULT_MAX_ATTEMPTS : input.maxAttempts);
  if (!Number.isInteger(maxAttempts) || (maxAttempts as number) < 1 || (maxAttempts as number) > MAX_ATTEMPTS_LIMIT) {
    problems.push(`maxAttempts must be a whole number from 1 to ${MAX_ATTEMPTS_LIMIT}.`);
  }
  let softDeclines: string[] | undefined;
  if (input.softDeclines !== undefined) {
    if (!Array.isArray(input.softDeclines) || input.softDeclines.length === 0 || !input.softDeclines.every((c) => typeof c === 'string')) {
      problems.push('softDeclines must be a non-empty list of decline reasons or codes (text).');
    } else {
      const before = problems.length;
      input.softDeclines.forEach((c: string, i: number) => {
        const why = refusedSoftDecline(c);
        if (why) problems.push(`softDeclines, entry ${i + 1} (${JSON.stringify(c)}): ${why}.`);
      });
      if (problems.length === before) softDeclines = input.softDeclines.map((c: string) => c.trim());
    }
  }
  const health = input.health === undefined ? undefined : parseHealth(input.health, problems);
  if (!Array.isArray(input.rules)) problems.push('"rules" must be a list (an empty list removes all rules).');
  const known = new Map(mids.map((m) => [m.midId, m]));
  const rules = (Array.isArray(input.rules) ? input.rules : []).map((r: unknown, i: number) =>
    parseRule(r, `Rule ${i + 1}`, known, problems),
  );
  // A rule after one that matches every payment is never reached.
  const raw: unknown[] = Array.isArray(input.rules) ? input.rules : [];
  const catchAll = raw.findIndex((r) => isObject(r) && (r.match === undefined || (isObject(r.match) && Object.keys(r.match).length === 0)));
  if (catchAll >= 0 && catchAll < rules.length - 1) {
    problems.push(
      `Rule ${catchAll + 2} and later can never match: rule ${catchAll + 1} has no conditions and matches every payment (put it last).`,
    );
  }
  if (problems.length) throw new RoutingRulesError(problems);
  return {
    maxAttempts: maxAttempts as number,
    ...(softDeclines ? { softDeclines } : {}),
    ...(health ? { health } : {}),
    rules: rules as RoutingRule[],
  };
}

/** MID health's bounds: a threshold of 1 opens at the first failure; a day's cool-down is the longest. */
const HEALTH_LIMITS: Record<keyof MidHealthPolicy, { max: number; unit: string }> = {
  failureThreshold: { max: 1000, unit: 'failures' },
  windowSeconds: { max: 3600, unit: 'seconds' },
  cooldownSeconds: { max: 86_400, unit: 'seconds' },
};

/** `health`: MID health's threshold, window and cool-down (docs/routing.md "MID health"); each optional. */
function parseHealth(input: unknown, problems: string[]): Partial<MidHealthPolicy> | undefined {
  if (!isObject(input)) {
    problems.push('health must be an object: {"failureThreshold": 5, "windowSeconds": 60, "cooldownSeconds": 60}.');
    return undefined;
  }
  checkKeys(input, Object.keys(HEALTH_LIMITS), 'health', problems);
  const out: Partial<MidHealthPolicy> = {};
  for (const [key, { max, unit }] of Object.entries(HEALTH_LIMITS) as [keyof MidHealthPolicy, { max: number; unit: string }][]) {
    const v = input[key];
    if (v === undefined) continue;
    if (!Number.isInteger(v) || v < 1 || v > max)
      problems.push(`health: "${key}" must be a whole number of ${unit} from 1 to ${max} (default ${DEFAULT_MID_HEALTH_POLICY[key]}).`);
    else out[key] = v;
  }
  return out;
}

function parseRule(input: unknown, at: string, known: Map<string, Mid>, problems: string[]): RoutingRule | undefined {
  if (!isObject(input)) {
    problems.push(`${at}: must be an object with "match" and "mids".`);
    return undefined;
  }
  const label = typeof input.name === 'string' && input.name ? `${at} ("${input.name}")` : at;
  checkKeys(input, ['name', 'match', 'mids'], label, problems);
  const match = parseConditions(input.match ?? {}, label, problems);
  const mids: RoutingRule['mids'] = [];
  if (!Array.isArray(input.mids) || input.mids.length === 0) problems.push(`${label}: "mids" must list at least one MID.`);
  else {
    const seen = new Set<string>();
    for (const [j, m] of input.mids.entries()) {
      const where = `${label}, MID ${j + 1}`;
      if (!isObject(m) || typeof m.midId !== 'string') {
        problems.push(`${where}: must be {"midId": "…", "weight": N}.`);
        continue;
      }
      checkKeys(m, ['midId', 'weight'], where, problems);
      const weight = m.weight === undefined ? (input.mids.length === 1 ? 100 : undefined) : m.weight;
      if (!known.has(m.midId)) problems.push(`${where}: unknown MID "${m.midId}" (see: npm run admin -- mids list CLIENT_KEY).`);
      else if (!known.get(m.midId)!.enabled) problems.push(`${where}: MID "${m.midId}" is disabled.`);
      if (seen.has(m.midId)) problems.push(`${where}: MID "${m.midId}" is listed twice in the same rule; give it one weight.`);
      seen.add(m.midId);
      if (!Number.isInteger(weight) || (weight as number) < 0 || (weight as number) > 100)
        problems.push(`${where}: "weight" must be a whole number from 0 to 100.`);
      mids.push({ midId: m.midId, weight: weight as number });
    }
    const total = mids.reduce((s, m) => s + (Number.isInteger(m.weight) ? m.weight : 0), 0);
    if (mids.every((m) => Number.isInteger(m.weight)) && total !== 100)
      problems.push(`${label}: the weights add up to ${total}; they must add up to 100.`);
  }
  return { ...(typeof input.name === 'string' && input.name ? { name: input.name } : {}), match, mids };
}

function parseConditions(input: unknown, at: string, problems: string[]): RuleConditions {
  if (!isObject(input)) {
    problems.push(`${at}: "match" must be an object.`);
    return {};
  }
  checkKeys(input, ['brands', 'currencies', 'minAmount', 'maxAmount', 'moto', 'threeDs', 'integrations'], `${at}, match`, problems);
  const c: RuleConditions = {};
  const brands = knownList(input, 'brands', 'card brand', at, problems, CARD_BRANDS);
  if (brands) c.brands = brands;
  const currencies = stringList(input.currencies, `${at}: "currencies"`, problems, (x) => x.toUpperCase());
  if (currencies) {
    const bad = currencies.filter((x) => !/^[A-Z]{3}$/.test(x));
    if (bad.length) problems.push(`${at}: ${bad.map((b) => `"${b}"`).join(', ')} is not an ISO 4217 currency code (three letters).`);
    c.currencies = currencies;
  }
  Object.assign(c, amountRange(input, at, problems));
  for (const key of ['moto', 'threeDs'] as const) {
    const v = input[key];
    if (v === undefined) continue;
    if (typeof v !== 'boolean') problems.push(`${at}: "${key}" must be true or false.`);
    else c[key] = v;
  }
  if (c.moto === true && c.threeDs === true)
    problems.push(`${at}: can never match: a MOTO payment never runs 3DS (moto true with threeDs true).`);
  const integrations = integrationList(input, at, problems, INTEGRATIONS);
  if (integrations) c.integrations = integrations;
  return c;
}
