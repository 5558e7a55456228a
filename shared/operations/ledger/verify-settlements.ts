/**
 * `ledger verify`'s check of the settlement batches: each closed batch still equals the journals journaled on its
 * day in its currency, and its reserve's journals are exactly the ones its reserve implies (one held, one released). A batch is closed once; a journal that became visible only after its day's batch closed (docs/
 * ledger.md "Settlements", known gap) would be in no batch, and shows here as a batch short of its day.
 */
import type { Ledger, Settlements } from '../../ports/ledger.js';
import type { Journal } from '../../domain/ledger/journal.js';
import { reserveJournals } from '../../domain/ledger/reserve-journals.js';
import { addJournal, emptyTotals, type Settlement, type SettlementTotals } from '../../domain/ledger/settlement.js';
import { percentOf } from '../../domain/ledger/fees.js';

const PAGE = 200;
const FIELDS: (keyof SettlementTotals)[] = ['gross', 'refunds', 'chargebacks', 'chargebacksReversed', 'payouts', 'fees', 'net', 'journals'];

export interface SettlementCheck {
  batches: number;
  problems: string[];
  /** The reserve's journals the batches imply, and those found. */
  reserve: { implied: Journal[]; found: Journal[] };
}

export async function settlementProblems(ledger: Ledger, settlements: Settlements, clientKey: string): Promise<SettlementCheck> {
  const problems: string[] = [];
  const reserve: SettlementCheck['reserve'] = { implied: [], found: [] };
  let batches = 0;
  let cursor: string | undefined;
  do {
    const page = await settlements.list(clientKey, { limit: 100, cursor });
    for (const batch of page.settlements) {
      batches++;
      const now = await dayTotals(ledger, batch);
      // (Batches closed before a field existed hold none of it: 0.)
      const differ = FIELDS.filter((f) => now[f] !== (batch[f] ?? 0));
      if (differ.length) {
        problems.push(
          `settlement ${batch.id}: ${differ.map((f) => `${f} ${batch[f] ?? 0} in the batch, ${now[f]} by the journals of its day`).join('; ')}`,
        );
      }
      // The reserve by the batch's own terms (batches closed before reserves existed hold none).
      const held = batch.reserve ? percentOf(Math.max(0, batch.gross), batch.reserve.percent) : 0;
      if ((batch.reserveHeld ?? 0) !== held)
        problems.push(`settlement ${batch.id}: reserveHeld ${batch.reserveHeld} in the batch, ${held} by its terms`);
      const payable = batch.net - (batch.reserveHeld ?? 0) + (batch.reserveReleased ?? 0);
      if ((batch.netPayable ?? batch.net) !== payable)
        problems.push(`settlement ${batch.id}: netPayable ${batch.netPayable} in the batch, ${payable} by its net and reserve`);
      problems.push(...(await reserveProblems(ledger, batch, reserve)));
    }
    cursor = page.cursor;
  } while (cursor);
  return { batches, problems, reserve };
}

/** The batch's reserve journals against what its reserve implies: none missing, none extra, the same amounts. */
async function reserveProblems(ledger: Ledger, batch: Settlement, reserve: SettlementCheck['reserve']): Promise<string[]> {
  const implied = reserveJournals(batch);
  const found = await ledger.journalsOf(batch.id);
  reserve.implied.push(...implied);
  reserve.found.push(...found);
  const problems: string[] = [];
  for (const want of implied) {
    const got = found.find((j) => j.id === want.id);
    if (!got) problems.push(`settlement ${batch.id}: no ${want.kind} journal for its ${want.amount} ${batch.currency}`);
    else if (got.amount !== want.amount) problems.push(`journal ${got.id}: ${got.amount} but the batch's ${want.kind} is ${want.amount}`);
  }
  for (const got of found)
    if (!implied.some((j) => j.id === got.id)) problems.push(`journal ${got.id}: no such reserve movement in the batch`);
  return problems;
}

async function dayTotals(ledger: Ledger, batch: Settlement): Promise<SettlementTotals> {
  let totals = emptyTotals();
  let cursor: string | undefined;
  do {
    const page = await ledger.journaledOn(batch.clientKey, batch.date, { cursor, limit: PAGE });
    for (const j of page.journals) if (j.currency === batch.currency) totals = addJournal(totals, j);
    cursor = page.cursor;
  } while (cursor);
  return totals;
}
