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
}
