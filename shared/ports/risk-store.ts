/**
 * Where the risk check (shared/operations/risk/) keeps its counters and a merchant's thresholds (docs/risk.md). A
 * card is known only by its keyed fingerprint (`fingerprint`), never by its number. Times are epoch seconds.
 */

/** A merchant's thresholds; a field left out takes the platform default (operations/risk/settings.ts). */
export interface RiskSettings {
  /** Card-testing guard: distinct declined cards from one payer IP within `ipWindowSeconds` that stop the IP. */
  ipDeclinedCards?: number;
  ipWindowSeconds?: number;
  /** How long a stopped IP stays stopped. */
  cooldownSeconds?: number;
  /** Velocity per card within `cardWindowSeconds`: attempts and declines a card may have before the next is declined. */
  cardAttempts?: number;
  cardDeclines?: number;
  cardWindowSeconds?: number;
}

/** One card's recent attempts and declines (epoch seconds, oldest first). */
export interface CardCounter {
  attempts: number[];
  declines: number[];
}

/** One payer IP's recent declines (`at`: epoch seconds, `card`: the card's fingerprint) and its cool-down. */
export interface IpCounter {
  declines: { at: number; card: string }[];
  blockedUntil?: number;
}

/** What the check asks for in one read. */
export interface RiskQuery {
  clientKey: string;
  ip?: string;
}

/** What one read returns: absent parts had no item. */
export interface RiskSnapshot {
  settings: RiskSettings;
  ip?: IpCounter;
}

export interface RiskStore {
  /** The card's keyed fingerprint (HMAC-SHA256 under a platform secret kept like the other secrets). */
  fingerprint(cardNumber: string): Promise<string>;
  /** The merchant's thresholds and the IP's counter, in one read (BatchGetItem). */
  read(q: RiskQuery): Promise<RiskSnapshot>;
  /** Counts an attempt of the card (an atomic append); the card's counter with it. The item lives `keepSeconds` after it. */
  countAttempt(clientKey: string, card: string, at: number, keepSeconds: number): Promise<CardCounter>;
  /** Counts a decline of the card, and of the card from the IP; returns the IP's counter after it. */
  countDecline(
    q: { clientKey: string; card: string; ip?: string },
    at: number,
    keep: { cardSeconds: number; ipSeconds: number },
  ): Promise<IpCounter | undefined>;
  /** Stops the IP until `until` (never shortens a longer cool-down). */
  blockIp(clientKey: string, ip: string, until: number, keepSeconds: number): Promise<void>;
  settings(clientKey: string): Promise<RiskSettings>;
  /** Replaces the merchant's thresholds (absent fields: the defaults). */
  saveSettings(clientKey: string, settings: RiskSettings): Promise<void>;
}
