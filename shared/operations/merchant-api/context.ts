/** What the merchant API's operations read (docs/merchant-api.md). */
import type { MerchantCallbackFeed } from '../../ports/merchant-callbacks.js';
import type { SigningSecrets } from '../callbacks/signing-secrets.js';

export interface MerchantCallbacksContext {
  feed: MerchantCallbackFeed;
  /** Signs the requests the next-callbacks read hands out, as the platform signs each POST. */
  secrets: SigningSecrets;
  /** The real time (the request signature and callback signatures never use a test clock). */
  realNow: () => Date;
  /** Waits between reads of a long poll; a test may shorten it. */
  pollMs: number;
}
