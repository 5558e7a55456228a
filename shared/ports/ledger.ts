/**
 * The ledger's journals (domain/ledger): appended exactly once each, read back per payment (docs/ledger.md).
 */
import type { Journal } from '../domain/ledger/journal.js';
import type { Payment } from '../domain/payment.js';
import type { FeeSchedule } from '../domain/ledger/fees.js';
import type { Settlement } from '../domain/ledger/settlement.js';

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
  journaledBetween(clientKey: string, from: string, to: string, page: { cursor?: string; limit: number }): Promise<{ journals: Journal[]; cursor?: string }>;
  /**
   * The merchant's payable per currency (credits − debits, minor units) over every journal written with its balance
   * (kept in the journal's own write, so exactly once), and how many journals that is.
   */
  balances(clientKey: string): Promise<LedgerBalance[]>;
}

/** A merchant's balance in one currency, minor units. */
export interface LedgerBalance {
  currency: string;
  /** Credits − debits of the merchant's payable. */
  payable: number;
  journals: number;
  /** The fees its journals charged (the platform's fee revenue from it; counted since the counters carried fees). */
  fees: number;
}

/** Settlement batches (domain/ledger/settlement): closed once, never changed. */
export interface Settlements {
  /** Closes a batch; false when one with its id was closed before (that one stays as it is). */
  close(s: Settlement): Promise<boolean>;
  get(id: string): Promise<Settlement | undefined>;
  /** What the batches of `date` release of the reserves earlier batches held, per currency (minor units). */
  releasesOn(clientKey: string, date: string): Promise<Map<string, number>>;
  /** A merchant's batches, newest day first, one page at a time. */
  list(clientKey: string, page: { cursor?: string; limit: number }): Promise<{ settlements: Settlement[]; cursor?: string }>;
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
  put(scope: string, schedule: FeeSchedule): Promise<void>;
}

/** A page cursor that is not one of this listing's (edited, or another merchant's). */
export class InvalidCursorError extends Error {
  constructor() {
    super('Not a cursor of this listing.');
  }
}
