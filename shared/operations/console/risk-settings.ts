/**
 * A merchant's risk thresholds in the console (docs/risk.md "Tuning a merchant"): what applies, what the merchant
 * set and the defaults, read by whoever sees the merchant; changed by operators only, as with `npm run admin -- risk
 * settings set` (raising them loosens the card-testing guard, which protects the acquirer relationship, the
 * operator's). Checked by the same setRiskSettings; durations in seconds. Audited in the same transaction.
 */
import * as z from '../../lib/zod-mini.js';
import type { Deps } from '../deps.js';
import type { RiskSettings } from '../../ports/risk-store.js';
import type { ConsoleRiskSettingsAnswer } from '../../protocol/console/answers.js';
import { setRiskSettings, showRiskSettings, type RiskSettingsView } from '../risk/manage.js';
import { DEFAULT_THRESHOLDS } from '../risk/settings.js';
import type { ConsoleContext } from './console-deps.js';
import { audited } from './audit.js';
import { asConsoleRefusal, invalidBody } from './risk-errors.js';
import { merchantOf, operatorOnly, type Principal } from './roles.js';

const answer = (v: RiskSettingsView): ConsoleRiskSettingsAnswer => ({ ...v, defaults: { ...DEFAULT_THRESHOLDS } });

export async function showRiskSettingsInConsole(
  cx: ConsoleContext<Pick<Deps, 'riskAdmin' | 'merchants'>>,
  p: Principal,
  q: Record<string, string | undefined>,
): Promise<ConsoleRiskSettingsAnswer> {
  const clientKey = merchantOf(p, q.client_key);
  return answer(await asConsoleRefusal('client_key', 'Merchant not found.', () => showRiskSettings(cx.d, clientKey)));
}

const replaceBody = z.object({
  client_key: z.optional(z.string().check(z.maxLength(64))),
  /** The thresholds to set (the others keep their value): ipDeclinedCards, ipWindowSeconds, cooldownSeconds, ... */
  settings: z.optional(z.record(z.string().check(z.maxLength(40)), z.unknown())),
  /** Drops the merchant's values first: back to the defaults, then `settings`. */
  reset: z.optional(z.boolean()),
});

export async function replaceRiskSettingsInConsole(
  cx: ConsoleContext<Pick<Deps, 'riskAdmin' | 'merchants' | 'newId'>>,
  p: Principal,
  body: unknown,
): Promise<ConsoleRiskSettingsAnswer> {
  operatorOnly(p);
  const r = replaceBody.safeParse(body ?? {});
  if (!r.success) throw invalidBody(r.error.issues);
  const clientKey = merchantOf(p, r.data.client_key);
  // Any value reaches setRiskSettings, which names each wrong one (not a number, below 1, over 24 h, unknown).
  const change = (r.data.settings ?? {}) as RiskSettings;
  const details = {
    ...Object.fromEntries(Object.entries(change).map(([k, v]) => [k, String(v)])),
    ...(r.data.reset ? { reset: true } : {}),
  };
  return answer(
    await asConsoleRefusal('settings', 'Merchant not found.', () =>
      audited(cx, p, 'risk.settings.set', { clientKey, target: clientKey, details }, (alongside) =>
        setRiskSettings(cx.d, clientKey, change, { reset: r.data.reset, alongside }),
      ),
    ),
  );
}
