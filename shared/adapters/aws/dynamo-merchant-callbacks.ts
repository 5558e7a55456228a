/**
 * The merchant API's view of a merchant's callbacks on DynamoDB: the delivery-log index (gsi3, written by
 * DynamoCallbackOutbox.finish with each attempt) read by key range, and the callback items it points at.
 * Attempts logged before that index existed (gsi1, one item per attempt) are not listed here: the admin CLI's
 * `callbacks log --stage` still shows them.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { DeliveryAttempt } from '../../domain/callback.js';
import type { ListedCallback, MerchantCallbackFeed } from '../../ports/merchant-callbacks.js';
import { ddbClient } from './aws-clients.js';
import { itemsOf } from './index-items.js';
import { toCallback } from './dynamo-callback-outbox.js';
import type { DeliveryEntry } from './dynamo-delivery-log.js';

const partition = (clientKey: string) => `DELIVERIES#${clientKey}`;

export class DynamoMerchantCallbacks implements MerchantCallbackFeed {
  constructor(private readonly tableName: string) {}

  async newest(clientKey: string, opts: { since?: string; limit: number }): Promise<ListedCallback[]> {
    return this.query(clientKey, opts.since ? { op: '>=', value: opts.since } : undefined, false, opts.limit);
  }

  async after(clientKey: string, afterKey: string, limit: number, upToKey?: string): Promise<ListedCallback[]> {
    // BETWEEN includes its lower end: an entry exactly at afterKey is left out below.
    // A key condition cannot hold an empty string: "after nothing" is from the start.
    const bound =
      afterKey === ''
        ? upToKey !== undefined
          ? { op: '<=' as const, value: upToKey }
          : undefined
        : upToKey !== undefined
          ? { op: 'between' as const, value: afterKey, upTo: upToKey }
          : { op: '>' as const, value: afterKey };
    const listed = await this.query(clientKey, bound, true, limit);
    return listed.filter((l) => l.key > afterKey);
  }

  private async query(
    clientKey: string,
    bound: { op: '>' | '>=' | '<='; value: string } | { op: 'between'; value: string; upTo: string } | undefined,
    forward: boolean,
    limit: number,
  ): Promise<ListedCallback[]> {
    const condition = !bound
      ? 'gsi3pk = :p'
      : bound.op === 'between'
        ? 'gsi3pk = :p AND gsi3sk BETWEEN :k AND :u'
        : `gsi3pk = :p AND gsi3sk ${bound.op} :k`;
    const res = await ddbClient().send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: 'gsi3',
        KeyConditionExpression: condition,
        ExpressionAttributeValues: {
          ':p': partition(clientKey),
          ...(bound ? { ':k': bound.value } : {}),
          ...(bound?.op === 'between' ? { ':u': bound.upTo } : {}),
        },
        ScanIndexForward: forward,
        Limit: limit,
      }),
    );
    // The index may hold keys only; the item read is consistent, so its key is the one the attempts go with.
    const items = await itemsOf(this.tableName, res.Items ?? []);
    const found = items.filter((i) => i.gsi3pk === partition(clientKey)).map(listed);
    return found.sort((a, b) => (a.key === b.key ? 0 : a.key < b.key === forward ? -1 : 1));
  }
}

function listed(item: Record<string, unknown>): ListedCallback {
  const callback = toCallback(item)!;
  const attempts = ((item.deliveries as DeliveryEntry[] | undefined) ?? []).map((e): DeliveryAttempt => ({
    eventId: callback.eventId,
    transId: callback.transId,
    clientKey: callback.clientKey,
    seq: callback.seq,
    url: callback.url,
    ...e,
  }));
  return { key: String(item.gsi3sk), callback, attempts };
}
