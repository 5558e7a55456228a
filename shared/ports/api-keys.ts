/** Merchants' API keys (shared/domain/api-key.ts): stored by hash, listed per merchant, revoked at once. */
import type { ApiKeyRecord } from '../domain/api-key.js';
import type { Alongside } from './transaction-items.js';

export interface ApiKeyStore {
  /** Stores a new key under its hash, and its listing entry, in one write. */
  create(record: ApiKeyRecord, hash: string, opts?: Alongside): Promise<void>;
  /** The live key with this hash (a strongly consistent read: a revoked key is refused from the next request on). */
  byHash(hash: string): Promise<(ApiKeyRecord & { hash: string }) | undefined>;
  /** A merchant's keys, revoked ones included, oldest first. */
  list(clientKey: string): Promise<ApiKeyRecord[]>;
  /** Revokes a key of this merchant; undefined when it has no such key, the record as it was when already revoked. */
  revoke(clientKey: string, keyId: string, by: string, now: Date, opts?: Alongside): Promise<ApiKeyRecord | undefined>;
}
