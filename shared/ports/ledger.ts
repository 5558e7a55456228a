/**
 * The ledger's journals (domain/ledger): appended exactly once each, read back per payment (docs/ledger.md).
 */
import type { Journal } from '../domain/ledger/journal.js';
import type { Payment } from '../domain/payment.js';
import type { FeeSchedule } from '../domain/ledger/fees.js';
import type { Settlement } from '../domain/ledger/settlement.js';
import type { SettledBooks } from '../domain/ledger/settled-books.js';
import type { Alongside } from './transaction-items.js';

export interface Ledger {
  /**
   * Appends each journal unless one with its id exists (a replay, a retried batch): never an edit. Returns how many
   * were new.
   */
  append(journals: readonly Journal[]): Promise<{ written: number }>;
  /** Every journal of a payment. */
  journalsOf(transId: string): Promise<Journal[]>;
  /**
   * One page of a merchant's journals journaled on `date` (YYYY-MM-DD of `journaledAt`), oldest first; `cursor` goes
   * on where the last page ended. Settlement batches read a day page by page, never whole.
   */
  journaledOn(clientKey: string, date: string, page: { cursor?: string; limit: number }): Promise<{ journals: Journal[]; cursor?: string }>;
  /**
   * One page of a merchant's journals journaled in [from, to) (ISO instants), oldest first: the transactions report.
   */
  journaledBetween(
    clientKey: string,
    from: string,
    to: string,
    page: { cursor?: string; limit: number },
  ): Promise<{ journals: Journal[]; cursor?: string }>;
  /** The day (YYYY-MM-DD) of the merchant's first journal, by `journaledAt`; undefined when it has none. */
  firstJournaledDay(clientKey: string): Promise<string | undefined>;
  /**
   * The merchant's books per currency: its settled books (the closed days' totals) plus every journal journaled
   * since the last closed day, summed page by page.
   */
  balances(clientKey: string): Promise<LedgerBalance[]>;
}

/** A merchant's balance in one currency, minor units. */
export interface LedgerBalance {
  currency: string;
  /** Credits − debits of the merchant's payable. */
  payable: number;
  journals: number;
  /** The fees its journals charged (the platform's fee revenue from it). */
  fees: number;
  /** Held in its rolling reserve (the reserve account's balance), not in `payable`. */
  reserve: number;
}

/** Settlement batches (domain/ledger/settlement): closed once, never changed. */
export interface Settlements {
  /**
   * Closes a merchant's day: its batches, their reserve journals and the merchant's settled books through the day, in
   * one conditional write. False when another run closed the day first (or the books moved on): nothing is written.
   */
  closeDay(day: ClosingDay): Promise<boolean>;
  /** The merchant's settled books: the totals of every day closed, through the last. */
  books(clientKey: string): Promise<SettledBooks | undefined>;
  /** The ids of the batches closed for a day. */
  closedOn(clientKey: string, date: string): Promise<string[]>;
  get(id: string): Promise<Settlement | undefined>;
  /** What the batches of `date` release of the reserves earlier batches held, per currency (minor units). */
  releasesOn(clientKey: string, date: string): Promise<Map<string, number>>;
  /** A merchant's batches, newest day first, one page at a time. */
  list(clientKey: string, page: { cursor?: string; limit: number }): Promise<{ settlements: Settlement[]; cursor?: string }>;
}

/** A day's close: written whole or not at all. */
export interface ClosingDay {
  batches: readonly Settlement[];
  /** The reserve's journals of the batches (domain/ledger/reserve-journals). */
  journals: readonly Journal[];
  /** The books through this day. */
  books: SettledBooks;
  /** The books' last day before this close (undefined: the merchant's first). */
  after?: string;
}

/** A payment's change as the table's stream carries it: the payment before (absent on its creation) and after. */
export interface PaymentChange {
  old?: Payment;
  new: Payment;
}

/** Decodes a stream batch's records into the payments' changes (other items' records are left out). */
export type PaymentChangeDecoder = (records: readonly unknown[]) => PaymentChange[];

/** Fee schedules by scope: a merchant's client key, or DEFAULT_FEES for the platform's default (domain/ledger/fees). */
export interface FeeSchedules {
  get(scope: string): Promise<FeeSchedule | undefined>;
  /** Replaces the scope's schedule; `alongside` (a console change's audit entry) is stored in the same transaction. */
  put(scope: string, schedule: FeeSchedule, opts?: Alongside): Promise<void>;
}

/** A page cursor that is not one of this listing's (edited, or another merchant's). */
export class InvalidCursorError extends Error {
  constructor() {
    super('Not a cursor of this listing.');
  }
}
