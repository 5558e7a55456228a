/**
 * The rolling reserve's journals (docs/ledger.md "Settlements"): a batch that holds a reserve moves it from the
 * merchant's payable to its reserve account, a batch that releases one moves it back. They are written with the
 * batch, in its one conditional write, so each is written exactly once per batch; their ids derive from the batch.
 */
import { accounts } from './accounts.js';
import { journalId, type Journal, type ReserveKind } from './journal.js';
import type { Settlement } from './settlement.js';

/** The entry id of a batch's reserve journals (their transId is the batch's id). */
export const RESERVE_ENTRY = 'reserve';

function reserveJournal(s: Settlement, kind: ReserveKind, amount: number): Journal {
  const payable = accounts.merchantPayable(s.clientKey, s.currency);
  const reserve = accounts.reserve(s.clientKey, s.currency);
  const [from, to] = kind === 'reserve_held' ? [payable, reserve] : [reserve, payable];
  return {
    id: journalId(s.id, RESERVE_ENTRY, kind),
    transId: s.id,
    entryId: RESERVE_ENTRY,
    event: 'SETTLEMENT',
    kind,
    clientKey: s.clientKey,
    midId: '',
    currency: s.currency,
    at: s.closedAt,
    amount,
    fee: 0,
    lines: [
      { account: from, side: 'debit', amount },
      { account: to, side: 'credit', amount },
    ],
  };
}

/** The journals a batch's reserve implies: one for what it holds, one for what it releases (none for 0). */
export function reserveJournals(s: Settlement): Journal[] {
  const out: Journal[] = [];
  if (s.reserveHeld > 0) out.push(reserveJournal(s, 'reserve_held', s.reserveHeld));
  if (s.reserveReleased > 0) out.push(reserveJournal(s, 'reserve_released', s.reserveReleased));
  return out;
}
