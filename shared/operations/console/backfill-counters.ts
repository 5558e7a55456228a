/**
 * Backfills the dashboard's hourly counters for hours the stream consumer never saw (payments made before the
 * counters existed). Counts with the stream consumer's own rules: each payment item read now is what its INSERT
 * would have been (+1 to its outcome now, in its creation hour) and each callback item what a MODIFY appending all
 * its attempts would have been (each attempt in its own hour) — `deltasOf`, nothing copied.
 *
 * Only hours without a merchant item are written (put on `attribute_not_exists`): an hour that has one is the
 * stream's (or an earlier run's) and is left alone, so a second run writes nothing. The platform hour gets a merchant
 * hour's counts in the same transaction as that merchant item and only then: if the merchant hour had no item, the
 * stream counted none of that merchant's records in that hour, so the platform item holds none of them either.
 * The window ends before the current hour, which the stream is counting (a payment still in its lag would count
 * twice).
 */
import { COUNTERS, type Counts, type HourCounts, type TableChange } from '../../ports/console-counters.js';
import type { ConsoleCounters } from '../../ports/console-counters.js';
import type { CounterBackfillStore } from '../../ports/counter-backfill.js';
import { deltasOf, hourOf } from './counter-deltas.js';

export interface BackfillHour {
  clientKey: string;
  hour: string;
  counts: Partial<Counts>;
}

export interface BackfillReport {
  from: string;
  to: string;
  /** Hours put (or, on a dry run, that would be). */
  written: BackfillHour[];
  /** Hours that already had an item whose counts differ from what the payments say now (left alone; for the operator). */
  differs: (BackfillHour & { kept: Partial<Counts> })[];
  /** Hours that had an item and agree, or that got one while this ran. */
  leftAlone: number;
}

const HOUR_MS = 3600_000;

export async function backfillCounters(
  io: { store: CounterBackfillStore; counters: ConsoleCounters },
  opts: { clientKeys: string[]; days: number; now: Date; dryRun?: boolean },
): Promise<BackfillReport> {
  const end = Math.floor(opts.now.getTime() / HOUR_MS) * HOUR_MS - HOUR_MS;
  const from = hourOf(new Date(end - (opts.days * 24 - 1) * HOUR_MS).toISOString());
  const to = hourOf(new Date(end).toISOString());
  const report: BackfillReport = { from, to, written: [], differs: [], leftAlone: 0 };
  for (const clientKey of opts.clientKeys) {
    const counted = await countMerchant(io.store, clientKey, from, to);
    const kept = new Map((await io.counters.hours(clientKey, from, to)).map((h) => [h.hour, h]));
    for (const [hour, counts] of [...counted].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const existing = kept.get(hour);
      if (existing) {
        if (COUNTERS.some((k) => existing[k] !== counts[k]))
          report.differs.push({ clientKey, hour, counts: nonZero(counts), kept: nonZero(existing) });
        else report.leftAlone++;
        continue;
      }
      if (opts.dryRun || (await io.store.putHour(clientKey, hour, counts)))
        report.written.push({ clientKey, hour, counts: nonZero(counts) });
      else report.leftAlone++;
    }
  }
  return report;
}

/** The merchant's counts per hour of the window, as the stream would have made them. */
async function countMerchant(store: CounterBackfillStore, clientKey: string, from: string, to: string): Promise<Map<string, Counts>> {
  const hours = new Map<string, Counts>();
  const take = (change: TableChange) => {
    for (const d of deltasOf(change)) {
      // A delivery attempt made outside the window (or a payment item of another merchant: never) is not this run's.
      if (d.clientKey !== clientKey || d.hour < from || d.hour > to) continue;
      const counts = hours.get(d.hour) ?? (Object.fromEntries(COUNTERS.map((k) => [k, 0])) as Counts);
      for (const [k, v] of Object.entries(d.counts) as [keyof Counts, number][]) counts[k] += v;
      hours.set(d.hour, counts);
    }
  };
  for await (const page of store.payments(clientKey, from, to)) for (const item of page) take({ eventName: 'INSERT', seq: '0', new: item });
  for await (const page of store.callbacks(clientKey, from)) for (const item of page) take({ eventName: 'MODIFY', seq: '0', new: item });
  return hours;
}

const nonZero = (c: Counts | HourCounts): Partial<Counts> => Object.fromEntries(COUNTERS.filter((k) => c[k]).map((k) => [k, c[k]]));
