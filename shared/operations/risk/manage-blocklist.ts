/**
 * Blocklist entries, added, listed and removed by operators (`npm run admin -- risk blocklist …`, docs/risk.md). A
 * card is named by a payment that used it (its fingerprint is kept on the payment), never by its number. An entry's
 * id names its scope, type and value (base64url), so removing one needs no lookup.
 */
import type { Deps } from '../deps.js';
import { BLOCKLIST_TYPES, type BlocklistEntry, type BlocklistScope, type BlocklistType } from '../../ports/risk-store.js';
import { maskCard } from '../../domain/payment.js';
import type { Alongside } from '../../ports/transaction-items.js';
import { normalisedValue } from './blocklist-value.js';
import { noMerchant, RiskChangeError } from './manage-errors.js';

type ManageDeps = Pick<Deps, 'riskAdmin' | 'merchants' | 'payments' | 'clock'>;

export interface BlocklistView extends BlocklistEntry {
  id: string;
}

export interface NewBlock {
  type: string;
  value?: string;
  transId?: string;
  merchant?: string;
  reason?: string;
}

export const blockId = (e: Pick<BlocklistEntry, 'scope' | 'type' | 'value'>): string =>
  Buffer.from(JSON.stringify([e.scope, e.type, e.value])).toString('base64url');

export function parseBlockId(id: string): { scope: BlocklistScope; type: BlocklistType; value: string } {
  try {
    const [scope, type, value] = JSON.parse(Buffer.from(id, 'base64url').toString('utf8')) as string[];
    if (typeof scope === 'string' && (BLOCKLIST_TYPES as readonly string[]).includes(type ?? '') && typeof value === 'string')
      return { scope, type: type as BlocklistType, value };
  } catch {
    // Not one of ours: said below.
  }
  throw new RiskChangeError(
    'not-found',
    `${id} is not a blocklist entry id. See them with: npm run admin -- risk blocklist list [--merchant KEY]`,
  );
}

export async function addBlock(d: ManageDeps, b: NewBlock, opts: Alongside = {}): Promise<BlocklistView> {
  if (!(BLOCKLIST_TYPES as readonly string[]).includes(b.type))
    throw new RiskChangeError('invalid', `--type must be one of ${BLOCKLIST_TYPES.join(', ')}`);
  const type = b.type as BlocklistType;
  if (b.merchant && !(await d.merchants.get(b.merchant))) throw noMerchant(b.merchant);
  const scope: BlocklistScope = b.merchant ?? 'PLATFORM';
  let value: string;
  let label: string | undefined;
  if (type === 'card') {
    if (!b.transId)
      throw new RiskChangeError(
        'invalid',
        '--type card is named by a payment that used the card: --trans-id TRANS_ID (never a card number)',
      );
    const p = await d.payments.get(b.transId);
    if (!p) throw new RiskChangeError('invalid', `No payment ${b.transId}.`);
    if (!p.details.cardFingerprint)
      throw new RiskChangeError(
        'invalid',
        `Payment ${b.transId} has no card fingerprint: not a card payment, or made before the risk check.`,
      );
    value = p.details.cardFingerprint;
    label = `${p.card ? maskCard(p.card) : 'card'} of payment ${p.transId}`;
  } else {
    if (b.transId) throw new RiskChangeError('invalid', '--trans-id names a card: use it with --type card');
    if (b.value === undefined) throw new RiskChangeError('invalid', '--value is required, e.g. --type ip --value 203.0.113.0/24');
    const n = normalisedValue(type, b.value);
    if ('problem' in n) throw new RiskChangeError('invalid', n.problem);
    value = n.value;
  }
  const entry: BlocklistEntry = {
    scope,
    type,
    value,
    ...(b.reason ? { reason: b.reason } : {}),
    ...(label ? { label } : {}),
    createdAt: d.clock.now().toISOString(),
  };
  await d.riskAdmin.addBlock(entry, opts);
  return { id: blockId(entry), ...entry };
}

export async function listBlocks(d: Pick<Deps, 'riskAdmin' | 'merchants'>, merchant?: string): Promise<BlocklistView[]> {
  if (merchant && !(await d.merchants.get(merchant))) throw noMerchant(merchant);
  return (await d.riskAdmin.listBlocks(merchant ?? 'PLATFORM')).map((e) => ({ id: blockId(e), ...e }));
}

export async function removeBlock(d: Pick<Deps, 'riskAdmin'>, id: string, opts: Alongside = {}): Promise<{ removed: string }> {
  const { scope, type, value } = parseBlockId(id);
  if (!(await d.riskAdmin.removeBlock(scope, type, value, opts))) throw new RiskChangeError('not-found', `No blocklist entry ${id}.`);
  return { removed: id };
}
