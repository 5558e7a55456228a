/**
 * Settlement batches (docs/ledger.md "Settlements"): for each merchant, the journals journaled on one day of its clock,
 * summed per currency and closed once. A merchant's days are closed in order, each with its settled books (the
 * balance's base), from the day after the last closed one: a run catches up the days the schedule missed (at most
 * MAX_DAYS a run). The day is read page by page (never whole); a day already closed stays as it is, so a rerun or a
 * retried schedule changes nothing. A day is only settled once it ended on the merchant's clock (and a grace for
 * journals in flight), so what comes later is journaled on a later day: the next batch.
 */
import type { Deps } from '../deps.js';
import type { Clock } from '../../ports/clock.js';
import type { FeeSchedules, Ledger, Settlements } from '../../ports/ledger.js';
import { DEFAULT_FEES, type Reserve } from '../../domain/ledger/fees.js';
import { reserveJournals } from '../../domain/ledger/reserve-journals.js';
import { settledThrough, type SettledBooks } from '../../domain/ledger/settled-books.js';
import {
  addJournal,
  emptyTotals,
  nextDay,
  previousDay,
  reserveOf,
  settlementId,
  type Settlement,
  type SettlementTotals,
} from '../../domain/ledger/settlement.js';

/** A day is settled this long after it ended: the stream consumer journals within its 20 s batching window. */
export const SETTLE_GRACE_MS = 5 * 60_000;
/** Journals read per page. */
const PAGE = 200;
/** Days a run closes per merchant at most: a long outage is caught up over a few runs, each bounded. */
export const MAX_DAYS = 31;

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
  /** YYYY-MM-DD: close every unclosed day up to it; by default up to each merchant's yesterday on its own clock. */
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

/** One MerchantDay per day looked at: each day closed (in order), or the day asked for when nothing was to close. */
export async function runSettlements(d: SettleDeps, books: Books, opts: SettleOptions = {}): Promise<MerchantDay[]> {
  if (opts.merchant && !(await d.merchants.get(opts.merchant))) throw new Error(`No merchant with client key ${opts.merchant}.`);
  const keys = opts.merchant ? [opts.merchant] : (await d.merchants.list()).map((m) => m.clientKey);
  const out: MerchantDay[] = [];
  for (const clientKey of keys) {
    const clock: Clock = (await d.clock.forMerchant?.(clientKey, { force: true })) ?? d.clock;
    out.push(...(await settleMerchant(books, clientKey, opts.date ?? previousDay(clock.now().toISOString().slice(0, 10)), clock)));
  }
  return out;
}

/** Closes the merchant's unclosed days up to `until`, in order, at most MAX_DAYS. */
export async function settleMerchant(b: Books, clientKey: string, until: string, clock: Clock): Promise<MerchantDay[]> {
  const now = clock.now();
  const settleFrom = new Date(Date.parse(`${nextDay(until)}T00:00:00Z`) + SETTLE_GRACE_MS);
  if (now < settleFrom) {
    return [
      {
        clientKey,
        date: until,
        closed: [],
        alreadyClosed: [],
        skipped: `${until} is not over on the merchant's clock (it is ${now.toISOString()}; settled from ${settleFrom.toISOString()})`,
      },
    ];
  }
  let books = (await b.settlements.books(clientKey)) ?? (await adoptBatches(b.settlements, clientKey));
  if (books && until <= books.through)
    return [{ clientKey, date: until, closed: [], alreadyClosed: await b.settlements.closedOn(clientKey, until) }];
  // The first day to close: the day after the last closed, else the merchant's first journal's.
  let date = books ? nextDay(books.through) : await b.ledger.firstJournaledDay(clientKey);
  if (!date || date > until) return [{ clientKey, date: until, closed: [], alreadyClosed: [] }];
  const terms = await reserveTerms(b.feeSchedules, clientKey);
  const out: MerchantDay[] = [];
  for (let n = 0; date <= until && n < MAX_DAYS; n++, date = nextDay(date)) {
    const closing = await dayBatches(b, clientKey, date, terms, now.toISOString());
    const next = settledThrough(books, clientKey, date, closing);
    if (
      !(await b.settlements.closeDay({ batches: closing, journals: closing.flatMap(reserveJournals), books: next, after: books?.through }))
    ) {
      // Another run closed it first: its batches stand, and it goes on from there.
      out.push({ clientKey, date, closed: [], alreadyClosed: await b.settlements.closedOn(clientKey, date) });
      break;
    }
    out.push({ clientKey, date, closed: closing, alreadyClosed: [] });
    books = next;
  }
  return out;
}

/** A day's batches, one per currency that moved (or that a reserve is released in). */
async function dayBatches(
  { ledger, settlements }: Books,
  clientKey: string,
  date: string,
  terms: Reserve | undefined,
  closedAt: string,
): Promise<Settlement[]> {
  // Only the running totals per currency are held, whatever the day's volume.
  const totals = new Map<string, SettlementTotals>();
  let cursor: string | undefined;
  do {
    const page = await ledger.journaledOn(clientKey, date, { cursor, limit: PAGE });
    for (const j of page.journals) totals.set(j.currency, addJournal(totals.get(j.currency) ?? emptyTotals(), j));
    cursor = page.cursor;
  } while (cursor);
  // The rolling reserve: held by today's terms; released as each earlier batch held, by the terms it was closed with.
  const releases = await settlements.releasesOn(clientKey, date);
  for (const currency of releases.keys()) if (!totals.has(currency)) totals.set(currency, emptyTotals());
  return [...totals]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, t]) => ({
      id: settlementId(clientKey, date, currency),
      clientKey,
      date,
      currency,
      ...t,
      ...reserveOf(t, terms, releases.get(currency) ?? 0),
      closedAt,
    }));
}

/**
 * Books for a merchant whose batches were closed before settled books existed: the sum of those batches, through the
 * last, written once (a merchant without batches has none yet).
 */
async function adoptBatches(settlements: Settlements, clientKey: string): Promise<SettledBooks | undefined> {
  const batches: Settlement[] = [];
  let cursor: string | undefined;
  do {
    const page = await settlements.list(clientKey, { limit: 100, cursor });
    batches.push(...page.settlements);
    cursor = page.cursor;
  } while (cursor);
  if (!batches.length) return undefined;
  const books = settledThrough(undefined, clientKey, batches[0]!.date, batches);
  await settlements.closeDay({ batches: [], journals: [], books });
  return settlements.books(clientKey);
}

async function reserveTerms(feeSchedules: FeeSchedules, clientKey: string): Promise<Reserve | undefined> {
  const own = await feeSchedules.get(clientKey);
  return own?.reserve ?? (await feeSchedules.get(DEFAULT_FEES))?.reserve;
}
