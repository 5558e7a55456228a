/**
 * What the dashboard counters' backfill reads and writes (operations/console/backfill-counters.ts): a merchant's
 * payment and callback items as the table holds them (the stream's images are the same items, so they count with
 * the stream consumer's own rules), and a merchant hour's counter item put only where none exists.
 */
import type { Counts } from './console-counters.js';

type Item = Record<string, unknown>;

export interface CounterBackfillStore {
  /** The merchant's payment items created from hour `from` through hour `to` ("YYYY-MM-DDTHH"), page by page. */
  payments(clientKey: string, from: string, to: string): AsyncIterable<Item[]>;
  /** The merchant's callback items whose last delivery attempt is at or after hour `from`, page by page. */
  callbacks(clientKey: string, from: string): AsyncIterable<Item[]>;
  /**
   * Puts the merchant's counter item for the hour only if it does not exist, and in the same transaction adds the
   * counts to the platform's item for that hour (once per merchant hour: a `backfill#<client_key>` mark). False
   * when the merchant item exists (the stream or an earlier run counts that hour): nothing is written.
   */
  putHour(clientKey: string, hour: string, counts: Counts): Promise<boolean>;
}
