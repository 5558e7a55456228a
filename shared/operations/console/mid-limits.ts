/**
 * A MID's limits in the console's MID editor (docs/risk.md "Limits per MID"): operators only, like everything else
 * about a MID. The same updateMidLimits as `npm run admin -- mids update KEY MID_ID --min-amount … --max-amount …
 * --daily-cap …`: decimal text in the payment's currency, `none` removes a limit, an absent field keeps it; every
 * problem is named with the CLI's text. The change and its audit entry are one transaction.
 */
import * as z from '../../lib/zod-mini.js';
import type { Deps } from '../deps.js';
import type { ConsoleMidLimitsAnswer } from '../../protocol/console/answers.js';
import { updateMidLimits } from '../risk/manage-mid-limits.js';
import type { ConsoleContext } from './console-deps.js';
import { audited } from './audit.js';
import { ConsoleNotFoundError } from './errors.js';
import { midView } from './merchants.js';
import { asConsoleRefusal, invalidBody } from './risk-errors.js';
import { operatorOnly, type Principal } from './roles.js';

const limit = z.optional(z.string().check(z.maxLength(30)));
const body = z.object({ min_amount: limit, max_amount: limit, daily_cap: limit });

export async function updateMidLimitsInConsole(
  cx: ConsoleContext<Pick<Deps, 'merchants' | 'newId'>>,
  p: Principal,
  clientKey: string,
  midId: string,
  raw: unknown,
): Promise<ConsoleMidLimitsAnswer> {
  operatorOnly(p);
  const r = body.safeParse(raw ?? {});
  if (!r.success) throw invalidBody(r.error.issues);
  if (!(await cx.d.merchants.get(clientKey))) throw new ConsoleNotFoundError('Merchant not found.');
  const change = { minAmount: r.data.min_amount, maxAmount: r.data.max_amount, dailyCap: r.data.daily_cap };
  const details = Object.fromEntries(Object.entries(r.data).filter((e): e is [string, string] => e[1] !== undefined));
  const mid = await asConsoleRefusal('limits', 'MID not found.', () =>
    audited(cx, p, 'mid.limits', { clientKey, target: midId, details }, (alongside) =>
      updateMidLimits(cx.d, clientKey, midId, change, { alongside }),
    ),
  );
  return { mid: midView(mid, p) };
}
