/**
 * ConsoleScheduleIndex on DynamoDB: a merchant's schedules from gsi1 SCHEDULES#<client_key> (keys, then the items by
 * key), a schedule's subscriptions from its own partition SCHEDULE#<id> / SUBSCRIPTION#… — Queries, never a Scan.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Schedule, Subscription } from '../../domain/schedule.js';
import type { ConsoleScheduleIndex, SchedulePage } from '../../ports/console-schedules.js';
import { ddbClient } from './aws-clients.js';
import { decodeCursor, encodeCursor } from './page-cursor.js';
import { itemsOf } from './index-items.js';

const INDEX_FIELDS = new Set(['pk', 'sk', 'kind', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk']);

function strip<T>(item: Record<string, unknown>): T {
  return Object.fromEntries(Object.entries(item).filter(([k]) => !INDEX_FIELDS.has(k))) as T;
}

export class DynamoConsoleSchedules implements ConsoleScheduleIndex {
  constructor(private readonly tableName: string) {}

  async forMerchant(clientKey: string, opts: { limit: number; cursor?: string }): Promise<SchedulePage> {
    const partition = `SCHEDULES#${clientKey}`;
    const start = decodeCursor(opts.cursor);
    const res = await ddbClient().send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :p',
        ExpressionAttributeValues: { ':p': partition },
        ScanIndexForward: false,
        Limit: opts.limit,
        // A cursor from another listing would be a DynamoDB error: start over instead.
        ExclusiveStartKey: start && start.gsi1pk === partition ? start : undefined,
      }),
    );
    const items = await itemsOf(this.tableName, res.Items ?? []);
    return { schedules: items.map((i) => strip<Schedule>(i)), cursor: encodeCursor(res.LastEvaluatedKey) };
  }

  async subscriptions(scheduleId: string, limit: number): Promise<Subscription[]> {
    const out: Subscription[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const res = await ddbClient().send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: 'pk = :p AND begins_with(sk, :s)',
          ExpressionAttributeValues: { ':p': `SCHEDULE#${scheduleId}`, ':s': 'SUBSCRIPTION#' },
          Limit: Math.min(100, limit - out.length),
          ExclusiveStartKey: start,
        }),
      );
      out.push(...(res.Items ?? []).map((i) => strip<Subscription>(i)));
      start = res.LastEvaluatedKey;
    } while (start && out.length < limit);
    return out;
  }
}
