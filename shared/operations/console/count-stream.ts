/**
 * The dashboard counters' stream consumer: one shard's batch of table changes becomes at most one ADD per counter
 * item (merchant and platform, per hour), each carrying the sequence numbers it covers so the counter takes every
 * record once however the batch is retried or split (ConsoleCounters.add).
 */
import { PLATFORM_SCOPE, type ConsoleCounters, type Contribution, type TableChange } from '../../ports/console-counters.js';
import { deltasOf } from './counter-deltas.js';

export async function countTableChanges(counters: ConsoleCounters, shardId: string, changes: TableChange[]): Promise<{ items: number }> {
  const items = new Map<string, { scope: string; hour: string; contributions: Contribution[] }>();
  for (const change of changes) {
    for (const delta of deltasOf(change)) {
      for (const scope of [delta.clientKey, PLATFORM_SCOPE]) {
        const key = `${scope}\u0000${delta.hour}`;
        const item = items.get(key) ?? { scope, hour: delta.hour, contributions: [] };
        item.contributions.push({ seq: change.seq, counts: delta.counts });
        items.set(key, item);
      }
    }
  }
  // Different items: independent writes. A failure fails the batch once every write has ended (none is left in
  // flight to race its retry); the retry skips what was already taken.
  const done = await Promise.allSettled([...items.values()].map((i) => counters.add(shardId, i.scope, i.hour, i.contributions)));
  const failed = done.find((d) => d.status === 'rejected');
  if (failed) throw failed.reason;
  return { items: items.size };
}
