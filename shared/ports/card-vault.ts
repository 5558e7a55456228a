/**
 * Card vault: card tokens (req_token → card_token), recurring tokens (recurring_init → recurring_token) and the card
 * of a payment waiting for its 3DS / redirect step. The PAN is stored only sealed, bound to kind, id and merchant.
 */
export type VaultKind = 'card-token' | 'recurring' | 'challenge';

export interface VaultCard {
  number: string;
  expMonth: string;
  expYear: string;
  holder?: string;
}

export interface VaultEntry {
  kind: VaultKind;
  id: string;
  clientKey: string;
  card: VaultCard;
  /** Non-secret facts about the entry (e.g. the first trans_id of a recurring pair, the payer email). */
  meta: Record<string, string | undefined>;
  createdAt: string;
}

export interface CardVault {
  /** Writes a new entry; ttlSeconds makes it expire (challenge cards). */
  put(entry: VaultEntry, ttlSeconds?: number): Promise<void>;
  /** The entry, if it exists and belongs to clientKey. */
  get(kind: VaultKind, id: string, clientKey: string): Promise<VaultEntry | undefined>;
}
