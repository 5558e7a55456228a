/**
 * A merchant's chargebacks, newest first: one small index entry per chargeback, written in the same transaction as
 * the payment's move to CHARGEBACK (both or neither), so the console lists them with one paged Query instead of
 * filtering the merchant's payments by status.
 */
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
  /** Runs `write` (the payment's chargeback write) with the entry added to that very transaction. */
  withEntry<T>(entry: ChargebackEntry, write: () => Promise<T>): Promise<T>;
  forMerchant(clientKey: string, opts: { limit: number; cursor?: string }): Promise<ChargebackPage>;
}
