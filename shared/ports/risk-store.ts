import type { RiskRule } from '../domain/risk-rules.js';
import type { Alongside } from './transaction-items.js';

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
  /** Merchant-wide decline burst: declines in 10 minutes that start one, at least (whatever the merchant's normal rate). */
  burstDeclines?: number;
  /** ... and at least this many times the merchant's average per 10 minutes over the hour before. */
  burstFactor?: number;
  /** How long the merchant's payments without 3DS stay declined (or challenged) after a burst. */
  burstCooldownSeconds?: number;
}

/** A merchant's acquirer declines per minute (`minutes`: epoch minute → count) and its burst cool-down. */
export interface MerchantDeclines {
  minutes: Record<number, number>;
  burstUntil?: number;
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

export const BLOCKLIST_TYPES = ['card', 'bin', 'email', 'ip', 'country'] as const;
export type BlocklistType = (typeof BLOCKLIST_TYPES)[number];

/** `PLATFORM`: every merchant's payments; otherwise the client key whose payments the entry stops. */
export type BlocklistScope = 'PLATFORM' | (string & {});

/** One blocklist entry: a card fingerprint, a BIN, an e-mail, an IP or CIDR range, or a payer country. */
export interface BlocklistEntry {
  scope: BlocklistScope;
  type: BlocklistType;
  /** Normalised: a card's fingerprint, a lower-case e-mail, a canonical CIDR (`203.0.113.0/24`), an upper-case country. */
  value: string;
  reason?: string;
  /** What the value stands for where it says nothing by itself: a card's masked number and the payment that named it. */
  label?: string;
  createdAt: string;
}

/** One MID's volume counter: a currency on a UTC day (`YYYY-MM-DD`). */
export interface MidVolumeKey {
  clientKey: string;
  midId: string;
  currency: string;
  day: string;
}

/** What the check asks for in one read. */
export interface RiskQuery {
  clientKey: string;
  ip?: string;
  /** Blocklist entries that would stop the payment, if present: every value of the payment in each scope (not IPs). */
  blocklist?: { scope: BlocklistScope; type: BlocklistType; value: string }[];
  /** The scopes whose IP ranges to read (each scope keeps its ranges on one item, matched by the caller). */
  ipRanges?: BlocklistScope[];
  /** The merchant's declines per minute between these epoch seconds, and its burst cool-down. */
  merchantDeclines?: { from: number; to: number };
  /** The card's 6- and 8-digit prefixes whose BIN country to read (the longer one wins). */
  binPrefixes?: string[];
}

/** What one read returns: absent parts had no item. */
export interface RiskSnapshot {
  settings: RiskSettings;
  ip?: IpCounter;
  /** The entries of `blocklist` that exist, in the order asked. */
  blocked: BlocklistEntry[];
  /** The IP ranges (canonical CIDR) of the scopes asked, in their order. */
  ipRanges: { scope: BlocklistScope; value: string }[];
  /** The merchant's risk rules, in their order (none: an empty list). */
  rules: RiskRule[];
  /** Asked with `merchantDeclines`: its minutes that had declines, and the cool-down. */
  merchantDeclines?: MerchantDeclines;
  /** Asked with `binPrefixes`: the country of the longest imported BIN among them. */
  binCountry?: string;
}

export interface RiskStore {
  /** The card's keyed fingerprint (HMAC-SHA256 under a platform secret kept like the other secrets). */
  fingerprint(cardNumber: string): Promise<string>;
  /** The merchant's thresholds and the IP's counter, in one read (BatchGetItem). */
  read(q: RiskQuery): Promise<RiskSnapshot>;
  /** Counts an attempt of the card (an atomic append); the card's counter with it. The item lives `keepSeconds` after it. */
  countAttempt(clientKey: string, card: string, at: number, keepSeconds: number): Promise<CardCounter>;
  /**
   * Counts a decline of the card, of the card from the IP, and of the merchant in its minute (an atomic ADD), side by
   * side; returns the IP's counter and the merchant's minutes of that hour after it.
   */
  countDecline(
    q: { clientKey: string; card: string; ip?: string },
    at: number,
    keep: { cardSeconds: number; ipSeconds: number },
  ): Promise<{ ip?: IpCounter; merchant: MerchantDeclines }>;
  /** Starts the merchant's burst cool-down until `until` (never shortens a longer one). */
  blockMerchant(clientKey: string, until: number, keepSeconds: number): Promise<void>;
  /** Stops the IP until `until` (never shortens a longer cool-down). */
  blockIp(clientKey: string, ip: string, until: number, keepSeconds: number): Promise<void>;
  /**
   * Adds `amount` to the MID's volume of the day in the currency, atomically, on the condition that it stays at or under
   * `cap` (no cap: unconditional, e.g. a negative amount given back); false when the condition failed.
   */
  addMidVolume(key: MidVolumeKey, amount: number, cap?: number, expiresAt?: number): Promise<boolean>;
}

/** The risk store as the console and the CLI change it: blocklists, thresholds, rules, BINs (the request reads them with `read`). */
export interface RiskAdmin extends RiskStore {
  /** Stores the entry (an IP range also on its scope's ranges item, in the same transaction). `alongside`: ports/transaction-items.ts. */
  addBlock(entry: BlocklistEntry, opts?: Alongside): Promise<void>;
  listBlocks(scope: BlocklistScope): Promise<BlocklistEntry[]>;
  /** False when there was no such entry. */
  removeBlock(scope: BlocklistScope, type: BlocklistType, value: string, opts?: Alongside): Promise<boolean>;
  settings(clientKey: string): Promise<RiskSettings>;
  /** Replaces the merchant's thresholds (absent fields: the defaults). */
  saveSettings(clientKey: string, settings: RiskSettings, opts?: Alongside): Promise<void>;
  /** Stores BIN countries (one item a BIN; an existing BIN takes the new country). */
  saveBins(bins: { bin: string; country: string }[]): Promise<void>;
  riskRules(clientKey: string): Promise<{ rules: RiskRule[]; updatedAt?: string }>;
  /** Replaces the merchant's risk rules (an empty list removes them). */
  saveRiskRules(clientKey: string, rules: RiskRule[], updatedAt: string, opts?: Alongside): Promise<void>;
}
