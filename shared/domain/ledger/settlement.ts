/**
 * A settlement batch (docs/ledger.md "Settlements"): what moved for one merchant in one currency on one day, and the
 * net the platform owes it for that day. A batch takes journals by the day they were journaled (`journaledAt`, on the
 * merchant's clock), not by the payment's date: a journal written after its day's batch closed is in the next one.
 * Amounts are integer minor units of the batch's currency.
 */
import type { Journal } from './journal.js';
import { percentOf, type Reserve } from './fees.js';

export interface SettlementTotals {
  /** Captured (captures, SALEs that settled, APM approvals). */
  gross: number;
  /** Refunds, reversals after capture and voids of a settled payment. */
  refunds: number;
  chargebacks: number;
  /** Chargebacks reversed (disputes the merchant won): their money back. */
  chargebacksReversed: number;
  /** Payouts the merchant funded (CREDIT2CARD, APM payouts). */
  payouts: number;
  fees: number;
  /** gross − refunds − chargebacks + chargebacksReversed − payouts − fees: the change of the merchant's payable over the batch. */
  net: number;
  journals: number;
}

/** The rolling reserve of a batch (docs/ledger.md "Settlements"), in minor units of its currency. */
export interface SettlementReserve {
  /** Held back from this batch: the reserve's percent of its gross. */
  reserveHeld: number;
  /** Released into this batch: what the batch `days` earlier held. */
  reserveReleased: number;
  /** What the batch pays the merchant: net − reserveHeld + reserveReleased. */
  netPayable: number;
  /** The terms the batch was closed with (absent: the merchant had no reserve that day). */
  reserve?: Reserve;
}

export interface Settlement extends SettlementTotals, SettlementReserve {
  /** `<client_key>_<YYYY-MM-DD>_<CUR>`: one batch per merchant, day and currency, so closing it twice is one write. */
  id: string;
  clientKey: string;
  /** The merchant's day (its clock's UTC date) whose journals the batch took. */
  date: string;
  currency: string;
  closedAt: string;
}

/** The reserve of a batch with these totals: held by today's terms, released as the earlier batch held. */
export function reserveOf(t: SettlementTotals, terms: Reserve | undefined, released: number): SettlementReserve {
  const reserveHeld = terms ? percentOf(Math.max(0, t.gross), terms.percent) : 0;
  return { reserveHeld, reserveReleased: released, netPayable: t.net - reserveHeld + released, ...(terms ? { reserve: terms } : {}) };
}

/** The day `days` after `date`: when a batch's reserve is released. */
export const daysAfter = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export const settlementId = (clientKey: string, date: string, currency: string) => `${clientKey}_${date}_${currency}`;

/** The parts of an id, or undefined for one that is not a settlement's. */
export function parseSettlementId(id: string): { clientKey: string; date: string; currency: string } | undefined {
  const m = /^(.+)_(\d{4}-\d{2}-\d{2})_([A-Z]{3})$/.exec(id);
  return m ? { clientKey: m[1]!, date: m[2]!, currency: m[3]! } : undefined;
}

export const emptyTotals = (): SettlementTotals => ({
  gross: 0,
  refunds: 0,
  chargebacks: 0,
  chargebacksReversed: 0,
  payouts: 0,
  fees: 0,
  net: 0,
  journals: 0,
});

/** Adds one journal to a batch's totals. */
export function addJournal(t: SettlementTotals, j: Journal): SettlementTotals {
  const out = { ...t, fees: t.fees + j.fee, journals: t.journals + 1 };
  if (j.kind === 'capture') out.gross += j.amount;
  else if (j.kind === 'chargeback') out.chargebacks += j.amount;
  else if (j.kind === 'chargeback_reversal') out.chargebacksReversed += j.amount;
  else if (j.kind === 'payout') out.payouts += j.amount;
  else out.refunds += j.amount;
  out.net = out.gross - out.refunds - out.chargebacks + out.chargebacksReversed - out.payouts - out.fees;
  return out;
}

export const isDate = (s: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

/** The UTC day after `date`. */
export const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
export const previousDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
