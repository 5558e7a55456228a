/**
 * A merchant's routing rules in the console (docs/routing.md, docs/console.md "Routing rules"): operators read and
 * replace them from the merchant's settings page. The rules are checked exactly as `npm run admin -- routing set`
 * checks its file (parseRoutingRules), and the write names the version the operator loaded: a table someone changed
 * meanwhile is refused, never overwritten. The change and its audit entry are one transaction.
 */
import * as z from '../../lib/zod-mini.js';
import { ValidationError } from '../../domain/errors.js';
import type { RoutingTable } from '../../domain/routing.js';
import type { ConsoleRoutingAnswer } from '../../protocol/console/answers.js';
import { RoutingConflictError } from '../../domain/routing.js';
import { DEFAULT_MAX_ATTEMPTS, parseRoutingRules, RoutingRulesError } from '../routing/validate.js';
import type { Deps } from '../deps.js';
import type { ConsoleContext } from './console-deps.js';
import { audited } from './audit.js';
import { ConsoleConflictError, ConsoleNotFoundError } from './errors.js';
import { operatorOnly, type Principal } from './roles.js';

/** The stored table; version 0 and no rules when none was ever set (MIDs chosen by mode, MOTO, zero amount). */
type RoutingView = ConsoleRoutingAnswer['routing'];

async function load(cx: ConsoleContext<Pick<Deps, 'merchants'>>, clientKey: string) {
  const config = await cx.d.merchants.get(clientKey);
  if (!config) throw new ConsoleNotFoundError('Merchant not found.');
  return config;
}

const none = (): RoutingView => ({ version: 0, maxAttempts: DEFAULT_MAX_ATTEMPTS, rules: [] });

/** Operators only, like a MID's connector settings: merchants' users see the MIDs, not how payments are split. */
export async function showRoutingInConsole(
  cx: ConsoleContext<Pick<Deps, 'merchants'>>,
  p: Principal,
  clientKey: string,
): Promise<ConsoleRoutingAnswer> {
  operatorOnly(p);
  const config = await load(cx, clientKey);
  return { routing: config.routing ?? none() };
}

const replaceBody = z.object({
  /** The version the editor loaded (0: none); the write is refused if the stored one is another. */
  expected_version: z.number().check(z.int(), z.gte(0)),
  /** The same document as `routing set --file`: { rules, maxAttempts?, softDeclines? }. */
  routing: z.unknown(),
});

/** Operators only. Every problem of the rules is one field error of `routing` (the CLI's texts); nothing is written then. */
export async function replaceRoutingInConsole(
  cx: ConsoleContext<Pick<Deps, 'merchants' | 'clock' | 'newId'>>,
  p: Principal,
  clientKey: string,
  body: unknown,
): Promise<ConsoleRoutingAnswer> {
  operatorOnly(p);
  const parsed = replaceBody.safeParse(body);
  if (!parsed.success)
    throw new ValidationError(parsed.error.issues.map((i) => ({ field: i.path.join('.') || 'body', message: i.message })));
  const { expected_version: expected, routing } = parsed.data;
  const { mids } = await load(cx, clientKey);
  let rules: Omit<RoutingTable, 'version'>;
  try {
    rules = parseRoutingRules(routing, mids);
  } catch (err) {
    if (err instanceof RoutingRulesError) throw new ValidationError(err.problems.map((message) => ({ field: 'routing', message })));
    throw err;
  }
  // The version comes from the editor, not from the (cached) configuration: the conditional write checks it.
  const table: RoutingTable = { version: expected + 1, ...rules, updatedAt: cx.d.clock.now().toISOString() };
  const details = {
    version: table.version,
    rules: table.rules.length,
    maxAttempts: table.maxAttempts,
    mids: [...new Set(table.rules.flatMap((r) => r.mids.map((m) => m.midId)))].join(','),
  };
  try {
    await audited(cx, p, 'routing.replace', { clientKey, target: clientKey, details }, (alongside) =>
      cx.d.merchants.putRouting(clientKey, table, { alongside }),
    );
  } catch (err) {
    if (err instanceof RoutingConflictError) {
      throw new ConsoleConflictError(
        `The routing rules were changed by someone else since you loaded them (you edited version ${expected}). Reload them and make your change again.`,
      );
    }
    throw err;
  }
  return { routing: table };
}
