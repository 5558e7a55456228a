/** Wallet token ids seen, kept until the token itself expires: the same token never pays twice. */
export interface WalletTokenReplays {
  /**
   * Records `tokenId` of `wallet` until `until`. False when it is already recorded for a different request; the very
   * same request (same fingerprint) may pass again, so the idempotency layer can answer it with its first answer.
   */
  claim(wallet: string, tokenId: string, until: Date, requestFingerprint: string, now: Date): Promise<boolean>;
}
