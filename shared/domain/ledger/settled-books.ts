/**
 * A merchant's settled books (docs/ledger.md "Reports"): what every closed day adds up to, per currency, through the
 * last day closed. Settlement closes a merchant's days in order, each day's batches with this in one write, so the
 * balance is these totals plus the journals journaled since `through`: exact, with no counter written per journal.
 */
import type { Journal } from './journal.js';
import { accounts } from './accounts.js';
import type { Settlement } from './settlement.js';

/** Minor units of one currency. */
export interface BookTotals {
  /** The merchant's payable (credits − debits): what the batches paid out, after the reserve. */
  payable: number;
  /** Held in the merchant's reserve account (held − released). */
  reserve: number;
  fees: number;
  /** The payments' journals (the reserve's journals are not counted). */
  journals: number;
}

export interface SettledBooks {
  clientKey: string;
  /** The last day closed (YYYY-MM-DD on the merchant's clock): every day up to it is closed. */
  through: string;
  currencies: Record<string, BookTotals>;
}

export const emptyBookTotals = (): BookTotals => ({ payable: 0, reserve: 0, fees: 0, journals: 0 });

/** The books once `date`'s batches are closed. */
export function settledThrough(
  books: SettledBooks | undefined,
  clientKey: string,
  date: string,
  batches: readonly Settlement[],
): SettledBooks {
  const currencies = structuredClone(books?.currencies ?? {});
  for (const b of batches) {
    const t = currencies[b.currency] ?? emptyBookTotals();
    const held = (b.reserveHeld ?? 0) - (b.reserveReleased ?? 0);
    currencies[b.currency] = {
      payable: t.payable + b.net - held,
      reserve: t.reserve + held,
      fees: t.fees + b.fees,
      journals: t.journals + b.journals,
    };
  }
  return { clientKey, through: date, currencies };
}

/** Adds a payment's journal (journaled after `through`) to the totals of its currency. */
export function addToBook(totals: Map<string, BookTotals>, j: Journal): void {
  const t = totals.get(j.currency) ?? emptyBookTotals();
  const payable = accounts.merchantPayable(j.clientKey, j.currency);
  for (const l of j.lines) if (l.account === payable) t.payable += l.side === 'credit' ? l.amount : -l.amount;
  t.fees += j.fee;
  t.journals += 1;
  totals.set(j.currency, t);
}
