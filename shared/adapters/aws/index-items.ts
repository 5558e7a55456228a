/**
 * Index entries hold keys (and a few attributes), not the items: this reads the items they point at, in the
 * entries' order, with BatchGetItem (100 keys a call, unprocessed keys retried). Items gone since are left out.
 */
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { ddbClient } from './aws-clients.js';

type Item = Record<string, unknown>;

/** `consistent` false: eventually consistent reads, half the read units, for a reader a moment's lag cannot mislead. */
export async function itemsOf(tableName: string, entries: Item[], consistent = true): Promise<Item[]> {
  const key = (i: Item) => `${String(i.pk)}\u0000${String(i.sk)}`;
  const found = new Map<string, Item>();
  for (let i = 0; i < entries.length; i += 100) {
    let pending: Item[] | undefined = entries.slice(i, i + 100).map((e) => ({ pk: e.pk, sk: e.sk }));
    for (let tries = 0; pending?.length && tries < 10; tries++) {
      if (tries) await new Promise((r) => setTimeout(r, 20 * 2 ** tries));
      const res = await ddbClient().send(
        new BatchGetCommand({ RequestItems: { [tableName]: { Keys: pending, ConsistentRead: consistent } } }),
      );
      for (const item of res.Responses?.[tableName] ?? []) found.set(key(item), item);
      pending = res.UnprocessedKeys?.[tableName]?.Keys as Item[] | undefined;
    }
    if (pending?.length) throw new Error(`BatchGetItem left ${pending.length} keys unprocessed`);
  }
  return entries.map((e) => found.get(key(e))).filter((i): i is Item => i !== undefined);
}
