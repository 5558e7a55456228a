/**
 * Fee schedules in the console (docs/ledger.md "Fees", docs/console.md "Fees"). Operators read and replace any
 * merchant's schedule and the platform's default; a merchant's users read their own merchant's (and the default that
 * applies where none of its rules matches), never change it: fees are what the platform charges. Another merchant's
 * schedule answers 404 like an unknown one. The document is `fees set --file`'s, read by the CLI's own setFees: every
 * problem is one field error of `fees` in the CLI's words, and nothing is written then. The schedule and its audit
 * entry are one transaction.
 */
import * as z from '../../lib/zod-mini.js';
import { ValidationError } from '../../domain/errors.js';
import type { Deps } from '../deps.js';
import type { FeeSchedules } from '../../ports/ledger.js';
import type { ConsoleFeesAnswer } from '../../protocol/console/answers.js';
import { DEFAULT_FEES, FeeScheduleError, feeScheduleFile, type FeeSchedule } from '../../domain/ledger/fees.js';
import { setFees } from '../ledger/fees.js';
import { UnknownMerchantError } from '../routing/manage.js';
import type { ConsoleContext } from './console-deps.js';
import { audited } from './audit.js';
import { invalidBody } from './risk-errors.js';
import { ConsoleNotFoundError } from './errors.js';
import { merchantOf, operatorOnly, type Principal } from './roles.js';

const NOT_FOUND = 'Merchant not found.';

/** `?scope=default`: the platform's default (operators); else the merchant's (`?client_key=`, merchants' users: their own). */
function scopeOf(p: Principal, scope: string | undefined, clientKey: string | undefined): string {
  if (scope === DEFAULT_FEES) {
    operatorOnly(p);
    return DEFAULT_FEES;
  }
  return merchantOf(p, clientKey);
}

const view = (schedule: FeeSchedule | undefined) => ({
  stored: !!schedule,
  fees: schedule ? feeScheduleFile(schedule) : { rules: [] },
  ...(schedule?.updatedAt ? { updatedAt: schedule.updatedAt } : {}),
});

export async function showFeesInConsole(
  cx: ConsoleContext<Pick<Deps, 'merchants'>>,
  fees: FeeSchedules,
  p: Principal,
  q: Record<string, string | undefined>,
): Promise<ConsoleFeesAnswer> {
  const scope = scopeOf(p, q.scope, q.client_key);
  if (scope === DEFAULT_FEES) return { scope, ...view(await fees.get(DEFAULT_FEES)) };
  if (!(await cx.d.merchants.get(scope))) throw new ConsoleNotFoundError(NOT_FOUND);
  const [own, platform] = await Promise.all([fees.get(scope), fees.get(DEFAULT_FEES)]);
  return { scope, ...view(own), platformDefault: view(platform).fees };
}

const replaceBody = z.object({
  client_key: z.optional(z.string().check(z.maxLength(64))),
  /** "default": the platform's default schedule. */
  scope: z.optional(z.literal(DEFAULT_FEES)),
  /** The same document as `fees set --file`: {"rules": [...], "reserve"?: {...}}. */
  fees: z.unknown(),
});

/** Operators only. */
export async function replaceFeesInConsole(
  cx: ConsoleContext<Pick<Deps, 'merchants' | 'clock' | 'newId'>>,
  fees: FeeSchedules,
  p: Principal,
  body: unknown,
): Promise<ConsoleFeesAnswer> {
  operatorOnly(p);
  const r = replaceBody.safeParse(body ?? {});
  if (!r.success) throw invalidBody(r.error.issues);
  const scope = scopeOf(p, r.data.scope, r.data.client_key);
  const doc = r.data.fees as { rules?: unknown; reserve?: { percent?: unknown; days?: unknown } } | undefined;
  const details = {
    rules: Array.isArray(doc?.rules) ? doc.rules.length : 0,
    ...(doc?.reserve ? { reserve: `${String(doc.reserve.percent)}% for ${String(doc.reserve.days)} days` } : {}),
  };
  try {
    const schedule = await audited(
      cx,
      p,
      'fees.replace',
      { ...(scope === DEFAULT_FEES ? {} : { clientKey: scope }), target: scope, details },
      (alongside) => setFees(cx.d, fees, scope, r.data.fees, { alongside }),
    );
    return { scope, ...view(schedule) };
  } catch (err) {
    if (err instanceof FeeScheduleError) throw new ValidationError(err.problems.map((message) => ({ field: 'fees', message })));
    if (err instanceof UnknownMerchantError) throw new ConsoleNotFoundError(NOT_FOUND);
    throw err;
  }
}
