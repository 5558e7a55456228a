/**
 * A merchant's API keys for the merchant API (docs/merchant-api.md "API keys"): a secret key (everything the merchant
 * API offers) or a restricted read-only key (the delivery log, the callback feed, payment lookups; never a route that
 * moves money or a clock). The key itself is shown once, at creation; the platform keeps only its SHA-256 and a hint
 * (prefix and last four characters) to tell keys apart in a listing.
 *
 *   sk_live_… / sk_test_…   secret key, on a live / sandbox stage
 *   rk_live_… / rk_test_…   read-only ("restricted") key
 *
 * After the prefix: 32 random bytes in base64url (43 characters), so a plain hash is enough: nobody can guess a
 * preimage, and a lookup by hash tells nothing about keys one does not hold.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { StageKind } from '../lib/config.js';

export const API_KEY_KINDS = ['secret', 'read_only'] as const;
export type ApiKeyKind = (typeof API_KEY_KINDS)[number];

/** What the platform keeps of a key: never the key. */
export interface ApiKeyRecord {
  keyId: string;
  clientKey: string;
  kind: ApiKeyKind;
  /** "sk_test_…a1B2": the prefix and the last four characters, enough to recognise a key one holds. */
  hint: string;
  createdAt: string;
  /** Who created it: "admin-cli", or the console user's email. */
  createdBy: string;
  revokedAt?: string;
  revokedBy?: string;
}

const PREFIX = { secret: 'sk', read_only: 'rk' } as const;
const KEY_SHAPE = /^(sk|rk)_(live|test)_[A-Za-z0-9_-]{43}$/;

export interface NewApiKey {
  /** The key itself: handed to the merchant once, never stored. */
  key: string;
  hash: string;
  record: ApiKeyRecord;
}

export function newApiKey(o: { clientKey: string; kind: ApiKeyKind; stageKind: StageKind; createdBy: string; now: Date }): NewApiKey {
  const prefix = `${PREFIX[o.kind]}_${o.stageKind === 'live' ? 'live' : 'test'}_`;
  const key = prefix + randomBytes(32).toString('base64url');
  const keyId = `key_${randomBytes(12).toString('hex')}`;
  return {
    key,
    hash: apiKeyHash(key),
    record: {
      keyId,
      clientKey: o.clientKey,
      kind: o.kind,
      hint: `${prefix}…${key.slice(-4)}`,
      createdAt: o.now.toISOString(),
      createdBy: o.createdBy,
    },
  };
}

/** Hex SHA-256 of the key: the lookup key of its stored item. */
export function apiKeyHash(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** A text shaped like a key (prefix, length, alphabet); anything else is refused before a lookup. */
export const looksLikeApiKey = (text: string): boolean => KEY_SHAPE.test(text);

/** Constant-time comparison of two hex hashes of equal length (a stored hash against the presented key's). */
export function hashesEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}
