/**
 * A merchant's risk rules in the console (docs/risk.md "Rules per merchant"): read by whoever sees the merchant,
 * replaced by operators and the merchant's admins (rules only ever decline or ask for 3DS: they cannot loosen a
 * control). The document is `risk rules set --file`'s, checked by the same parseRiskRules: every problem is one
 * field error of `risk_rules`, and nothing is written then. The change and its audit entry are one transaction.
 */
import * as z from '../../lib/zod-mini.js';
import type { Deps } from '../deps.js';
import type { ConsoleRiskRulesAnswer } from '../../protocol/console/answers.js';
import { setRiskRules, showRiskRules } from '../risk/manage-rules.js';
import type { ConsoleContext } from './console-deps.js';
import { audited } from './audit.js';
import { asConsoleRefusal, invalidBody } from './risk-errors.js';
import { changeMerchant, merchantOf, type Principal } from './roles.js';

type RulesContext = ConsoleContext<Pick<Deps, 'riskAdmin' | 'merchants' | 'clock' | 'newId'>>;

export async function showRiskRulesInConsole(
  cx: ConsoleContext<Pick<Deps, 'riskAdmin' | 'merchants' | 'clock'>>,
  p: Principal,
  q: Record<string, string | undefined>,
): Promise<ConsoleRiskRulesAnswer> {
  const clientKey = merchantOf(p, q.client_key);
  return asConsoleRefusal('client_key', 'Merchant not found.', () => showRiskRules(cx.d, clientKey));
}

const replaceBody = z.object({
  client_key: z.optional(z.string().check(z.maxLength(64))),
  /** The same document as `risk rules set --file`: {"rules": [...]} ({"rules": []} removes them). */
  risk_rules: z.unknown(),
});

export async function replaceRiskRulesInConsole(cx: RulesContext, p: Principal, body: unknown): Promise<ConsoleRiskRulesAnswer> {
  const r = replaceBody.safeParse(body ?? {});
  if (!r.success) throw invalidBody(r.error.issues);
  const clientKey = merchantOf(p, r.data.client_key);
  changeMerchant(p, clientKey);
  const doc = r.data.risk_rules as { rules?: unknown } | undefined;
  const details = { rules: Array.isArray(doc?.rules) ? doc.rules.length : 0 };
  return asConsoleRefusal('risk_rules', 'Merchant not found.', () =>
    audited(cx, p, 'risk.rules.replace', { clientKey, target: clientKey, details }, (alongside) =>
      setRiskRules(cx.d, clientKey, r.data.risk_rules, { alongside }),
    ),
  );
}
