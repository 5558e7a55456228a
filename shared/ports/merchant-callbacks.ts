/**
 * A merchant's callbacks as the merchant API reads them (docs/merchant-api.md): by the time of their latest delivery
 * attempt, from the delivery-log index (gsi3 DELIVERIES#<client_key>). `key` is the callback's position in that index
 * ("<last attempt>#<trans_id>#<seq>"): it moves forward with each new attempt.
 */
import type { DeliveryAttempt, StoredCallback } from '../domain/callback.js';

export interface ListedCallback {
  key: string;
  callback: StoredCallback;
  /** Oldest first. */
  attempts: DeliveryAttempt[];
}

export interface MerchantCallbackFeed {
  /** Newest first; only callbacks whose latest attempt is at or after `since` (ISO) when given. */
  newest(clientKey: string, opts: { since?: string; limit: number }): Promise<ListedCallback[]>;
  /** Oldest first: callbacks whose key is after `afterKey` (and at most `upToKey` when given). */
  after(clientKey: string, afterKey: string, limit: number, upToKey?: string): Promise<ListedCallback[]>;
}
