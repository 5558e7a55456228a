/**
 * ConsoleCounters on DynamoDB: COUNTERS#<client_key|PLATFORM> / <YYYY-MM-DDTHH>, one ADD per item per batch. The item
 * keeps `shard#<shard id>` = the last sequence number it took from that shard (zero-padded: they compare as strings).
 * The ADD requires every record it carries to be newer than that; when the condition fails (a retried or bisected
 * batch), the item's own mark says which records it already took, and only the newer ones are added, on condition
 * that the mark has not moved. A shard is read by one invocation at a time, so this rarely takes a second write.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { COUNTERS, type ConsoleCounters, type Contribution, type Counts, type HourCounts } from '../../ports/console-counters.js';
import { TABLE } from '../../lib/resources.js';
import { ddbClient } from './aws-clients.js';

/** Sequence numbers are up to 40 digits. */
const padded = (seq: string) => seq.padStart(40, '0');
/** Counters outlive the dashboard's 30 days, then go (TTL). */
export const KEEP_SECONDS = 400 * 86400;
const ATTEMPTS = 5;

export const counterKey = (scope: string, hour: string) => ({ pk: `COUNTERS#${scope}`, sk: hour });

export class DynamoConsoleCounters implements ConsoleCounters {
  constructor(private readonly tableName: string) {}

  async add(shardId: string, scope: string, hour: string, contributions: Contribution[]): Promise<void> {
    let pending = contributions.map((c) => ({ ...c, seq: padded(c.seq) }));
    let mark: string | undefined;
    for (let attempt = 1; pending.length; attempt++) {
      const sums: Partial<Counts> = {};
      for (const c of pending) for (const [k, v] of Object.entries(c.counts) as [keyof Counts, number][]) sums[k] = (sums[k] ?? 0) + v;
      const last = pending.reduce((a, c) => (c.seq > a ? c.seq : a), '');
      const first = pending.reduce((a, c) => (c.seq < a ? c.seq : a), last);
      const adds = COUNTERS.filter((k) => sums[k]);
      try {
        await ddbClient().send(
          new UpdateCommand({
            TableName: this.tableName,
            Key: counterKey(scope, hour),
            UpdateExpression: `SET #mark = :last, kind = :kind, #ttl = :ttl${adds.length ? ` ADD ${adds.map((k) => `#${k} :${k}`).join(', ')}` : ''}`,
            ConditionExpression: mark === undefined ? 'attribute_not_exists(#mark) OR #mark < :first' : '#mark = :mark',
            ExpressionAttributeNames: {
              '#mark': `shard#${shardId}`,
              '#ttl': TABLE.ttlAttribute,
              ...Object.fromEntries(adds.map((k) => [`#${k}`, k])),
            },
            ExpressionAttributeValues: {
              ':last': last,
              ':kind': 'dashboard-counter',
              ':ttl': Math.floor(Date.parse(`${hour}:00:00Z`) / 1000) + KEEP_SECONDS,
              ...(mark === undefined ? { ':first': first } : { ':mark': mark }),
              ...Object.fromEntries(adds.map((k) => [`:${k}`, sums[k]])),
            },
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          }),
        );
        return;
      } catch (err) {
        if (!(err instanceof ConditionalCheckFailedException) || attempt >= ATTEMPTS) throw err;
        const old = err.Item ? unmarshall(err.Item) : {};
        mark = old[`shard#${shardId}`] as string | undefined;
        // Already taken up to the mark: only what came after it is left.
        pending = mark === undefined ? pending : pending.filter((c) => c.seq > mark!);
      }
    }
  }

  async hours(scope: string, from: string, to: string): Promise<HourCounts[]> {
    const out: HourCounts[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const res = await ddbClient().send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: 'pk = :p AND sk BETWEEN :from AND :to',
          ExpressionAttributeValues: { ':p': counterKey(scope, '').pk, ':from': from, ':to': to },
          // Some counter names are DynamoDB reserved words.
          ProjectionExpression: ['sk', ...COUNTERS.map((k) => `#${k}`)].join(', '),
          ExpressionAttributeNames: Object.fromEntries(COUNTERS.map((k) => [`#${k}`, k])),
          ExclusiveStartKey: start,
        }),
      );
      for (const i of res.Items ?? [])
        out.push({ hour: String(i.sk), ...(Object.fromEntries(COUNTERS.map((k) => [k, Number(i[k] ?? 0)])) as Counts) });
      start = res.LastEvaluatedKey;
    } while (start);
    return out;
  }
}
