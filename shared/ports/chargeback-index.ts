/**
 * A merchant's chargebacks, newest first: one small index entry per chargeback, written in the same transaction as
 * the payment's move to CHARGEBACK (both or neither), so the console lists them with one paged Query instead of
 * filtering the merchant's payments by status.
 */
import type { EntryItem } from './transaction-items.js';

export interface ChargebackEntry {
  clientKey: string;
  transId: string;
  /** The chargeback's own id (StoredChargeback.id). */
  chargebackId: string;
  /** ISO instant the chargeback was recorded: the listing's order. */
  at: string;
}

export interface ChargebackPage {
  transIds: string[];
  cursor?: string;
}

export interface ChargebackIndex {
  /** The entry as an item the payment's chargeback write carries in its own transaction (ports/transaction-items.ts). */
  entryItem(entry: ChargebackEntry): EntryItem;
  forMerchant(clientKey: string, opts: { limit: number; cursor?: string }): Promise<ChargebackPage>;
}
