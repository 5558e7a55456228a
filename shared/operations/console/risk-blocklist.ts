/**
 * Blocklists in the console (docs/risk.md "Blocklists", docs/console.md "Risk"): the same entries `npm run admin --
 * risk blocklist` adds, lists and removes, through the same operations. Operators edit the platform-wide list
 * (`scope: "platform"`) and every merchant's; a merchant's admins edit their own merchant's, its viewers read it.
 * Another merchant's list, entry or payment answers exactly like an unknown one. Each change is audited in its write.
 */
import * as z from '../../lib/zod-mini.js';
import { ValidationError } from '../../domain/errors.js';
import type { Deps } from '../deps.js';
import type {
  ConsoleRiskBlockAddAnswer,
  ConsoleRiskBlocklistAnswer,
  ConsoleRiskBlockRemoveAnswer,
} from '../../protocol/console/answers.js';
import { addBlock, listBlocks, parseBlockId, removeBlock } from '../risk/manage-blocklist.js';
import type { ConsoleContext } from './console-deps.js';
import { audited } from './audit.js';
import { ConsoleNotFoundError } from './errors.js';
import { asConsoleRefusal, invalidBody } from './risk-errors.js';
import { changeMerchant, isOperator, merchantOf, operatorOnly, type Principal } from './roles.js';

type BlocklistContext = ConsoleContext<Pick<Deps, 'riskAdmin' | 'merchants' | 'payments' | 'clock' | 'newId'>>;

/** The list a request names: `scope=platform` (operators), else the merchant (`client_key`; merchants' users: their own). */
function scopeOf(p: Principal, q: { scope?: string; client_key?: string }): string | undefined {
  if (q.scope === 'platform') {
    operatorOnly(p);
    return undefined;
  }
  return merchantOf(p, q.client_key);
}

export async function listBlocklist(
  cx: ConsoleContext<Pick<Deps, 'riskAdmin' | 'merchants'>>,
  p: Principal,
  q: Record<string, string | undefined>,
): Promise<ConsoleRiskBlocklistAnswer> {
  const merchant = scopeOf(p, q);
  if (merchant && !(await cx.d.merchants.get(merchant))) throw new ConsoleNotFoundError('Merchant not found.');
  return { entries: await listBlocks(cx.d, merchant) };
}

const addBody = z.object({
  scope: z.optional(z.literal('platform')),
  client_key: z.optional(z.string().check(z.maxLength(64))),
  type: z.string().check(z.maxLength(20)),
  value: z.optional(z.string().check(z.maxLength(320))),
  /** A card is named by a payment that used it, never by its number. */
  trans_id: z.optional(z.string().check(z.maxLength(64))),
  reason: z.optional(z.string().check(z.maxLength(200))),
});

export async function addToBlocklist(cx: BlocklistContext, p: Principal, body: unknown): Promise<ConsoleRiskBlockAddAnswer> {
  const r = addBody.safeParse(body ?? {});
  if (!r.success) throw invalidBody(r.error.issues);
  const b = r.data;
  const merchant = scopeOf(p, b);
  if (merchant) changeMerchant(p, merchant);
  if (merchant && !(await cx.d.merchants.get(merchant))) throw new ConsoleNotFoundError('Merchant not found.');
  if (b.trans_id && !isOperator(p)) {
    // A merchant's user names only its own payments: another merchant's is answered like an unknown one.
    const paid = await cx.d.payments.get(b.trans_id);
    if (!paid || paid.clientKey !== p.clientKey) throw ValidationError.field('trans_id', `No payment ${b.trans_id}.`);
  }
  const details = { type: b.type, ...(b.type === 'card' ? { trans_id: b.trans_id ?? '' } : { value: b.value ?? '' }) };
  const entry = await asConsoleRefusal(b.type === 'card' ? 'trans_id' : 'value', 'Merchant not found.', () =>
    audited(
      cx,
      p,
      'risk.blocklist.add',
      { ...(merchant ? { clientKey: merchant } : {}), target: merchant ?? 'PLATFORM', details },
      (alongside) => addBlock(cx.d, { type: b.type, value: b.value, transId: b.trans_id, merchant, reason: b.reason }, { alongside }),
    ),
  );
  return { entry };
}

export async function removeFromBlocklist(
  cx: ConsoleContext<Pick<Deps, 'riskAdmin' | 'newId'>>,
  p: Principal,
  id: string,
): Promise<ConsoleRiskBlockRemoveAnswer> {
  const gone = new ConsoleNotFoundError('Blocklist entry not found.');
  let scope: string;
  try {
    scope = parseBlockId(id).scope;
  } catch {
    throw gone;
  }
  if (scope === 'PLATFORM') operatorOnly(p);
  else changeMerchant(p, scope, 'Blocklist entry not found.');
  const { type, value } = parseBlockId(id);
  return asConsoleRefusal('id', gone.message, () =>
    audited(
      cx,
      p,
      'risk.blocklist.remove',
      { ...(scope === 'PLATFORM' ? {} : { clientKey: scope }), target: scope, details: { type, ...(type === 'card' ? {} : { value }) } },
      (alongside) => removeBlock(cx.d, id, { alongside }),
    ),
  );
}
