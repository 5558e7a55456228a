/**
 * Settlement batches (docs/ledger.md "Settlements"): for each merchant, the journals journaled on one day of its clock,
 * summed per currency and closed once. The day is read page by page (never whole); a batch already closed stays as
 * it is, so a rerun or a retried schedule changes nothing. A day is only settled once it ended on the merchant's
 * clock (and a grace for journals in flight), so what comes later is journaled on a later day: the next batch.
 */
import type { Deps } from '../deps.js';
import type { Clock } from '../../ports/clock.js';
import type { FeeSchedules, Ledger, Settlements } from '../../ports/ledger.js';
import { DEFAULT_FEES, type Reserve } from '../../domain/ledger/fees.js';
import { addJournal, emptyTotals, nextDay, previousDay, reserveOf, settlementId, type Settlement, type SettlementTotals } from '../../domain/ledger/settlement.js';

/** A day is settled this long after it ended: the stream consumer journals within its 20 s batching window. */
export const SETTLE_GRACE_MS = 5 * 60_000;
/** Journals read per page. */
const PAGE = 200;

export interface MerchantDay {
  clientKey: string;
  date: string;
  /** Batches closed by this run. */
  closed: Settlement[];
  /** Batches of the day closed before (left unchanged). */
  alreadyClosed: string[];
  /** Why the day was not settled (it has not ended on the merchant's clock). */
  skipped?: string;
}

export interface SettleOptions {
  merchant?: string;
  /** YYYY-MM-DD; by default each merchant's yesterday on its own clock. */
  date?: string;
}

type SettleDeps = Pick<Deps, 'merchants' | 'clock'>;

/** The books a settlement run reads and closes. */
export interface Books {
  ledger: Ledger;
  settlements: Settlements;
  /** The merchant's (else the platform's default) fee schedule holds its rolling reserve's terms. */
  feeSchedules: FeeSchedules;
}

export async function runSettlements(d: SettleDeps, books: Books, opts: SettleOptions = {}): Promise<MerchantDay[]> {
  if (opts.merchant && !(await d.merchants.get(opts.merchant))) throw new Error(`No merchant with client key ${opts.merchant}.`);
  const keys = opts.merchant ? [opts.merchant] : (await d.merchants.list()).map((m) => m.clientKey);
  const out: MerchantDay[] = [];
  for (const clientKey of keys) {
    const clock: Clock = (await d.clock.forMerchant?.(clientKey, { force: true })) ?? d.clock;
    out.push(await settleDay(books, clientKey, opts.date ?? previousDay(clock.now().toISOString().slice(0, 10)), clock));
  }
  return out;
}

export async function settleDay({ ledger, settlements, feeSchedules }: Books, clientKey: string, date: string, clock: Clock): Promise<MerchantDay> {
  const now = clock.now();
  const settleFrom = new Date(Date.parse(`${nextDay(date)}T00:00:00Z`) + SETTLE_GRACE_MS);
  if (now < settleFrom) {
    return { clientKey, date, closed: [], alreadyClosed: [], skipped: `${date} is not over on the merchant's clock (it is ${now.toISOString()}; settled from ${settleFrom.toISOString()})` };
  }
  // Only the running totals per currency are held, whatever the day's volume.
  const totals = new Map<string, SettlementTotals>();
  let cursor: string | undefined;
  do {
    const page = await ledger.journaledOn(clientKey, date, { cursor, limit: PAGE });
    for (const j of page.journals) totals.set(j.currency, addJournal(totals.get(j.currency) ?? emptyTotals(), j));
    cursor = page.cursor;
  } while (cursor);
  // The rolling reserve: held by today's terms; released as each earlier batch held, by the terms it was closed with.
  const terms = await reserveTerms(feeSchedules, clientKey);
  const releases = await settlements.releasesOn(clientKey, date);
  for (const currency of releases.keys()) if (!totals.has(currency)) totals.set(currency, emptyTotals());
  const result: MerchantDay = { clientKey, date, closed: [], alreadyClosed: [] };
  for (const [currency, t] of [...totals].sort(([a], [b]) => a.localeCompare(b))) {
    const batch: Settlement = { id: settlementId(clientKey, date, currency), clientKey, date, currency, ...t, ...reserveOf(t, terms, releases.get(currency) ?? 0), closedAt: now.toISOString() };
    if (await settlements.close(batch)) result.closed.push(batch);
    else result.alreadyClosed.push(batch.id);
  }
  return result;
}

async function reserveTerms(feeSchedules: FeeSchedules, clientKey: string): Promise<Reserve | undefined> {
  const own = await feeSchedules.get(clientKey);
  return own?.reserve ?? (await feeSchedules.get(DEFAULT_FEES))?.reserve;
}
