/**
 * CounterBackfillStore on DynamoDB. Payments from the gsi3 listing PAYMENTS#<client_key> / "<created>" (older items "<created>#<trans_id>"),
 * callbacks from DELIVERIES#<client_key> / "<last attempt>#…" (both keys-only: the items are read by key), each a
 * paged Query of the merchant's own partition — no scan. An hour is written as one transaction: the merchant item
 * Put on `attribute_not_exists(pk)` and the platform item's ADD on `attribute_not_exists(backfill#<client_key>)`,
 * so both or neither, and a merchant hour reaches the platform item once.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { COUNTERS, PLATFORM_SCOPE, type Counts } from '../../ports/console-counters.js';
import type { CounterBackfillStore } from '../../ports/counter-backfill.js';
import { TABLE } from '../../lib/resources.js';
import { ddbClient } from './aws-clients.js';
import { KEEP_SECONDS, counterKey } from './dynamo-console-counters.js';
import { itemsOf } from './index-items.js';
import { keys } from './table-keys.js';

type Item = Record<string, unknown>;

export class DynamoCounterBackfill implements CounterBackfillStore {
  constructor(private readonly tableName: string) {}

  payments(clientKey: string, from: string, to: string): AsyncIterable<Item[]> {
    // "~" sorts after every character of "MM:SS.mmmZ" (and of an older item's "…Z#<trans_id>"): the whole of hour `to`.
    return this.pages('gsi3pk = :p AND gsi3sk BETWEEN :from AND :to', {
      ':p': keys.merchantPayments(clientKey, '').gsi3pk,
      ':from': from,
      ':to': `${to}~`,
    });
  }

  callbacks(clientKey: string, from: string): AsyncIterable<Item[]> {
    return this.pages('gsi3pk = :p AND gsi3sk >= :from', { ':p': `DELIVERIES#${clientKey}`, ':from': from });
  }

  private async *pages(condition: string, values: Item): AsyncIterable<Item[]> {
    let start: Item | undefined;
    do {
      const res = await ddbClient().send(
        new QueryCommand({
          TableName: this.tableName,
          IndexName: 'gsi3',
          KeyConditionExpression: condition,
          ExpressionAttributeValues: values,
          ExclusiveStartKey: start,
        }),
      );
      yield await itemsOf(this.tableName, res.Items ?? []);
      start = res.LastEvaluatedKey;
    } while (start);
  }

  async putHour(clientKey: string, hour: string, counts: Counts): Promise<boolean> {
    const ttl = Math.floor(Date.parse(`${hour}:00:00Z`) / 1000) + KEEP_SECONDS;
    const adds = COUNTERS.filter((k) => counts[k]);
    try {
      await ddbClient().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.tableName,
                Item: {
                  ...counterKey(clientKey, hour),
                  kind: 'dashboard-counter',
                  [TABLE.ttlAttribute]: ttl,
                  ...counts,
                  backfilledAt: new Date().toISOString(),
                },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            {
              Update: {
                TableName: this.tableName,
                Key: counterKey(PLATFORM_SCOPE, hour),
                UpdateExpression: `SET #bf = :now, kind = :kind, #ttl = :ttl${adds.length ? ` ADD ${adds.map((k) => `#${k} :${k}`).join(', ')}` : ''}`,
                ConditionExpression: 'attribute_not_exists(#bf)',
                ExpressionAttributeNames: {
                  '#bf': `backfill#${clientKey}`,
                  '#ttl': TABLE.ttlAttribute,
                  ...Object.fromEntries(adds.map((k) => [`#${k}`, k])),
                },
                ExpressionAttributeValues: {
                  ':now': new Date().toISOString(),
                  ':kind': 'dashboard-counter',
                  ':ttl': ttl,
                  ...Object.fromEntries(adds.map((k) => [`:${k}`, counts[k]])),
                },
              },
            },
          ],
        }),
      );
      return true;
    } catch (err) {
      if (err instanceof TransactionCanceledException && err.CancellationReasons?.some((r) => r.Code === 'ConditionalCheckFailed'))
        return false;
      throw err;
    }
  }
}
