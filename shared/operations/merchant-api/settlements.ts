/**
 * GET /api/v1/merchant/settlements and /settlements/{id}: the merchant's own settlement batches (docs/ledger.md),
 * newest day first, a page at a time. Another merchant's batch is answered like an unknown one.
 */
import { NotFoundError, ValidationError } from '../../domain/errors.js';
import { InvalidCursorError, type Settlements } from '../../ports/ledger.js';
import { parseSettlementId, type Settlement } from '../../domain/ledger/settlement.js';
import { intParam, type Query, type QueryParams } from './query.js';
import type { SettlementView, SettlementsAnswer } from '../../protocol/merchant-api/answers.js';

export type { SettlementView };

export const settlementView = (s: Settlement): SettlementView => ({
  id: s.id,
  date: s.date,
  currency: s.currency,
  gross: s.gross,
  refunds: s.refunds,
  chargebacks: s.chargebacks,
  chargebacks_reversed: s.chargebacksReversed ?? 0,
  payouts: s.payouts,
  fees: s.fees,
  net: s.net,
  // Batches closed before the reserve existed held none.
  reserve_held: s.reserveHeld ?? 0,
  reserve_released: s.reserveReleased ?? 0,
  net_payable: s.netPayable ?? s.net,
  journals: s.journals,
  closed_at: s.closedAt,
});

export const SETTLEMENTS_QUERY = {
  limit: { kind: 'int', min: 1, max: 100, default: 30 },
  cursor: { kind: 'text', about: 'next_cursor of the previous page.' },
} as const satisfies QueryParams;

export async function merchantSettlements(settlements: Settlements, clientKey: string, query: Query): Promise<SettlementsAnswer> {
  const limit = intParam(query, 'limit', SETTLEMENTS_QUERY.limit);
  try {
    const page = await settlements.list(clientKey, { limit, cursor: query.cursor || undefined });
    return { settlements: page.settlements.map(settlementView), next_cursor: page.cursor ?? null };
  } catch (err) {
    if (err instanceof InvalidCursorError) throw ValidationError.notCorrect('cursor');
    throw err;
  }
}

export async function merchantSettlement(settlements: Settlements, clientKey: string, id: string): Promise<SettlementView> {
  const found = id.length <= 200 && parseSettlementId(id)?.clientKey === clientKey ? await settlements.get(id) : undefined;
  if (!found) throw NotFoundError.settlement();
  return settlementView(found);
}
