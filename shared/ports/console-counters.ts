/**
 * The dashboard's hourly counters: one item per merchant (and one for the whole platform) per UTC hour, kept from the
 * table's stream (operations/console/count-stream.ts), never by the payment path. Payments are counted in the hour
 * they were created, by their outcome now (a payment moves between outcomes: -1 from the old, +1 to the new);
 * callback delivery attempts in the hour they were made.
 */
export const COUNTERS = ['approved', 'declined', 'undetermined', 'other', 'delivered', 'failed'] as const;
export type CounterName = (typeof COUNTERS)[number];
export type Counts = Record<CounterName, number>;

/** The whole platform's counters (operators' "All merchants"). */
export const PLATFORM_SCOPE = 'PLATFORM';

/** One stream record's share of a counter item. */
export interface Contribution {
  /** The stream record's sequence number (decimal digits). */
  seq: string;
  counts: Partial<Counts>;
}

export interface HourCounts extends Counts {
  /** UTC hour, "YYYY-MM-DDTHH". */
  hour: string;
}

export interface ConsoleCounters {
  /**
   * Adds the contributions of one shard's records to one counter item, in one write. Idempotent per shard: the item
   * keeps the last sequence number it took from each shard, so a retried or bisected batch adds nothing twice.
   */
  add(shardId: string, scope: string, hour: string, contributions: Contribution[]): Promise<void>;
  /** The hours from `from` to `to` (inclusive, "YYYY-MM-DDTHH") that have counts, oldest first. */
  hours(scope: string, from: string, to: string): Promise<HourCounts[]>;
}

/** A table change as the stream carries it (images as plain objects). */
export interface TableChange {
  eventName: 'INSERT' | 'MODIFY' | 'REMOVE';
  seq: string;
  old?: Record<string, unknown>;
  new?: Record<string, unknown>;
}

/**
 * Decodes a stream batch's records (DynamoDB's attribute-value images) into table changes; with `attributes`, only
 * those of each image (a payment image is ~40 attributes, of which the counters read six).
 */
export type StreamDecoder = (records: readonly unknown[], attributes?: readonly string[]) => TableChange[];
