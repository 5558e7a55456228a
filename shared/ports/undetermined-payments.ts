/** What the reconciler needs besides the payment cores' ports. */

export interface UndeterminedEntry {
  transId: string;
  /** When its oldest transaction still waiting for the acquirer was sent (ISO). */
  since: string;
}

/** The sparse index of payments with a transaction waiting for the acquirer (shared/domain/undetermined.ts). */
export interface UndeterminedPayments {
  /** Oldest first, those waiting since before `before` (ISO). */
  waitingSince(before: string, limit: number): Promise<UndeterminedEntry[]>;
  /** Client keys of every merchant (listAbandoned walks one merchant's payments). */
  merchants(): Promise<string[]>;
  /**
   * A reservation carries no entry (its outcome write adds one if the outcome is undetermined): this puts on the list
   * the merchant's payments reserved before `before` still waiting for the acquirer without one — their request died
   * between reservation and outcome. It walks the payments from where the last walk stopped, at most `limit` a call,
   * and returns how many it listed.
   */
  listAbandoned(clientKey: string, before: string, limit: number): Promise<number>;
}
