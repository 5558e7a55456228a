/**
 * Reads a routing rules file (docs/routing.md) against the merchant's MIDs: its structure first, every problem named
 * by its rule and field, then, once that is right, the MIDs, weights and order, so one run of `routing set` shows all
 * there is to fix at each step.
 */
import * as z from '../../lib/zod-mini.js';
import type { Mid } from '../../domain/merchant.js';
import { DEFAULT_MID_HEALTH_POLICY, type MidHealthPolicy } from '../../domain/mid-health.js';
import { refusedSoftDecline } from './soft-declines.js';
import { CARD_BRANDS, INTEGRATIONS, type RoutingRule, type RoutingTable } from '../../domain/routing.js';
import { amounts, code, fields, flag, list, oneOf, reachable, readRules, ruleLabel, text, unreachable } from '../../domain/rule-fields.js';

export const DEFAULT_MAX_ATTEMPTS = 2;
/** More would keep a merchant's request open for too long: each attempt is one acquirer round trip. */
export const MAX_ATTEMPTS_LIMIT = 5;

export class RoutingRulesError extends Error {
  constructor(readonly problems: string[]) {
    super(`The routing rules are not valid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

type Parsed = Omit<RoutingTable, 'version'>;

const whole = (min: number, max: number, message: string) => z.optional(z.int(message).check(z.gte(min, message), z.lte(max, message)));

/** MID health's bounds (docs/routing.md "MID health"): a threshold of 1 opens at the first failure; a day's cool-down is the longest. */
const count = (key: keyof MidHealthPolicy, max: number, unit: string) =>
  whole(1, max, `must be a whole number of ${unit} from 1 to ${max} (default ${DEFAULT_MID_HEALTH_POLICY[key]}).`);

// Built when a file is read: a bundle that imports this module without reading a file carries no schema.
const conditions = () =>
  fields(
    {
      brands: list(oneOf(CARD_BRANDS, 'card brand')),
      currencies: list(code(/^[A-Z]{3}$/, 'an ISO 4217 currency code (three letters)')),
      ...amounts(),
      moto: flag(),
      threeDs: flag(),
      integrations: list(oneOf(INTEGRATIONS, 'integration')),
    },
    'an object',
  ).check(
    reachable(),
    z.refine((c) => !(c.moto && c.threeDs), 'can never match: a MOTO payment never runs 3DS (moto true with threeDs true).'),
  );

const LIST_MIDS = 'must list at least one MID.';
const rule = () =>
  fields(
    {
      name: z.optional(text()),
      match: z._default(conditions(), () => ({})),
      mids: z
        .array(
          fields({ midId: text(), weight: whole(0, 100, 'must be a whole number from 0 to 100.') }, '{"midId": "…", "weight": N}'),
          LIST_MIDS,
        )
        .check(z.minLength(1, LIST_MIDS)),
    },
    'an object with "match" and "mids"',
  );

const SOFT = 'must be a non-empty list of decline reasons or codes (text).';
const file = () =>
  fields(
    {
      rules: z.array(rule(), 'must be a list (an empty list removes all rules).'),
      maxAttempts: whole(1, MAX_ATTEMPTS_LIMIT, `must be a whole number from 1 to ${MAX_ATTEMPTS_LIMIT}.`),
      softDeclines: z.optional(z.array(z.string('must be text.'), SOFT).check(z.minLength(1, SOFT))),
      health: z.optional(
        fields(
          {
            failureThreshold: count('failureThreshold', 1000, 'failures'),
            windowSeconds: count('windowSeconds', 3600, 'seconds'),
            cooldownSeconds: count('cooldownSeconds', 86_400, 'seconds'),
          },
          'an object: {"failureThreshold": 5, "windowSeconds": 60, "cooldownSeconds": 60}',
        ),
      ),
    },
    'a JSON object with a "rules" list',
  );

/** `opts.maxAttempts` (the CLI's flag) stands for the file's. */
export function parseRoutingRules(input: unknown, mids: Mid[], opts: { maxAttempts?: number } = {}): Parsed {
  const merged =
    opts.maxAttempts === undefined || typeof input !== 'object' || !input || Array.isArray(input)
      ? input
      : { ...input, maxAttempts: opts.maxAttempts };
  const known = new Map(mids.map((m) => [m.midId, m]));
  const t = readRules(
    file(),
    merged,
    (t) => [...softDeclineProblems(t.softDeclines), ...t.rules.flatMap((r, i) => midProblems(r, i, known)), ...unreachable(t.rules)],
    (p) => new RoutingRulesError(p),
  );
  return {
    maxAttempts: t.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    ...(t.softDeclines ? { softDeclines: t.softDeclines.map((c) => c.trim()) } : {}),
    ...(t.health ? { health: t.health } : {}),
    rules: t.rules.map((r) => ({
      ...(r.name ? { name: r.name } : {}),
      match: r.match,
      mids: r.mids.map((m) => ({ midId: m.midId, weight: m.weight ?? 100 })),
    })) as RoutingRule[],
  };
}

function softDeclineProblems(texts: string[] = []): string[] {
  return texts.flatMap((c, i) => {
    const why = refusedSoftDecline(c);
    return why ? [`softDeclines, entry ${i + 1} (${JSON.stringify(c)}): ${why}.`] : [];
  });
}

/** Each MID exists, is enabled and is listed once; a rule's weights add up to 100 (one MID alone needs none). */
function midProblems(r: z.output<ReturnType<typeof rule>>, i: number, known: Map<string, Mid>): string[] {
  const label = ruleLabel(r, i);
  const problems: string[] = [];
  const seen = new Set<string>();
  r.mids.forEach(({ midId, weight }, j) => {
    const where = `${label}, MID ${j + 1}`;
    if (!known.has(midId)) problems.push(`${where}: unknown MID "${midId}" (see: npm run admin -- mids list CLIENT_KEY).`);
    else if (!known.get(midId)!.enabled) problems.push(`${where}: MID "${midId}" is disabled.`);
    if (seen.has(midId)) problems.push(`${where}: MID "${midId}" is listed twice in the same rule; give it one weight.`);
    seen.add(midId);
    if (weight === undefined && r.mids.length > 1) problems.push(`${where}: "weight" is required: the rule lists more than one MID.`);
  });
  const total = r.mids.reduce((s, m) => s + (m.weight ?? 0), 0);
  if (r.mids.every((m) => m.weight !== undefined) && total !== 100)
    problems.push(`${label}: the weights add up to ${total}; they must add up to 100.`);
  return problems;
}
