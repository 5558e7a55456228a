/** Hosted-fields sessions that hold a sealed card (PAN, expiry, CVV), listed by when the card stops being usable. */
export interface SealedCardEntry {
  tokenHash: string;
  cardExpiresAt: string;
}

export interface SealedCards {
  /** Cards whose cardExpiresAt is before `now` (ISO), oldest first, at most `limit`. */
  expiredBefore(now: string, limit: number): Promise<SealedCardEntry[]>;
  /**
   * Removes that card from its session, if the session still holds that very card (same cardExpiresAt) and it has
   * expired by `now`; bumps the session's version so no write based on an older read puts it back. False: nothing to do.
   */
  drop(entry: SealedCardEntry, now: string): Promise<boolean>;
}
