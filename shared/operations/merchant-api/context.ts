/** What the merchant API's operations read (docs/merchant-api.md). */
import type { MerchantCallbackFeed } from '../../ports/merchant-callbacks.js';
import type { LongPollSlots } from '../../ports/long-poll-slots.js';

export interface MerchantCallbacksContext {
  feed: MerchantCallbackFeed;
  /** The real time (the request signature never uses a test clock). */
  realNow: () => Date;
  /** Waits between reads of a long poll; a test may shorten it. */
  pollMs: number;
  /** A merchant's long polls that may wait at once (MAX_WAITING_POLLS); the others answer at once. */
  waiting: LongPollSlots;
}
