/**
 * The dashboard's hourly counters (DynamoDB Local): kept from the table's real stream records by the local poller
 * (as the event-source mapping does on AWS), read back by the dashboard for a merchant and for the platform. Every
 * record counts once: the same batch replayed through the handler, or bisected, or overlapping what was already
 * taken, adds nothing twice; another shard's batch has its own mark.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import type { RunningPlatform } from '../../../scripts/local/platform.js';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { awsClients } from '../../../shared/adapters/aws/aws-clients.js';
import { consoleDeps } from '../../../shared/entry/composition/deps.js';
import { ledger } from '../../../shared/entry/composition/ledger.js';
import { journalKey } from '../../../shared/adapters/aws/dynamo-ledger.js';
import { handler } from '../../../functions/streams/payment-changes.js';
import { eventually } from '../../support/platform.js';
import type { MerchantServer } from '../../support/merchant-server.js';
import type { ConsoleClient } from './support.js';
import { sale } from './payments.js';
import { startConsoleWorld, stopConsoleWorld, dashboardTotals } from './world.js';

let platform: RunningPlatform;
let shop: Merchant;
let other: Merchant;
let callbacks: MerchantServer;
let operator: ConsoleClient;
let admin: ConsoleClient;

beforeAll(async () => {
  ({ platform, shop, other, callbacks, operator, admin } = await startConsoleWorld({
    operator: 'ops@counters.example',
    admin: 'admin@counters.example',
  }));
});
afterAll(() => stopConsoleWorld({ platform, callbacks }));

const totals = dashboardTotals;

/** Every record of the table's stream, shard by shard, as the mapping's filters pass them. */
async function streamRecords(): Promise<Map<string, _Record[]>> {
  const endpoint = platform.endpoints.dynamodb;
  const ddb = new DynamoDBClient({ region: 'eu-west-1', endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const streams = new DynamoDBStreamsClient({
    region: 'eu-west-1',
    endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const StreamArn = (await ddb.send(new DescribeTableCommand({ TableName: platform.resources.tableName }))).Table!.LatestStreamArn!;
  const out = new Map<string, _Record[]>();
  for (const shard of (await streams.send(new DescribeStreamCommand({ StreamArn }))).StreamDescription!.Shards ?? []) {
    let iterator = (
      await streams.send(new GetShardIteratorCommand({ StreamArn, ShardId: shard.ShardId!, ShardIteratorType: 'TRIM_HORIZON' }))
    ).ShardIterator;
    const records: _Record[] = [];
    while (iterator) {
      const res = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }));
      records.push(...(res.Records ?? []));
      if (!res.Records?.length) break;
      iterator = res.NextShardIterator;
    }
    const kind = (r: _Record) => r.dynamodb?.NewImage?.kind?.S;
    out.set(
      shard.ShardId!,
      records.filter(
        (r) =>
          (r.eventName === 'INSERT' && kind(r) === 'payment') ||
          (r.eventName === 'MODIFY' && ['payment', 'callback'].includes(kind(r) ?? '')),
      ),
    );
  }
  ddb.destroy();
  streams.destroy();
  return out;
}

const run = (shardId: string, records: _Record[]) => handler({ Records: records, shardId } as unknown as DynamoDBStreamEvent);

describe('dashboard counters', () => {
  it('counts the payments a test made, by outcome, and their callback deliveries, from the stream', async () => {
    for (let i = 0; i < 3; i++) await sale(platform.url, shop, { orderId: `count-${i}-${randomUUID()}` });
    await sale(platform.url, shop, { orderId: `count-declined-${randomUUID()}`, expMonth: '02' });
    await sale(platform.url, other, { orderId: `count-other-${randomUUID()}` });

    const mine = await eventually(async () => {
      const t = totals((await admin.get('/dashboard')).body);
      return t.approved === 3 && t.declined === 1 && t.delivered >= 4 ? t : undefined;
    });
    expect(mine).toMatchObject({ payments: 4, approved: 3, declined: 1, undetermined: 0 });
    // The 30-day view sums the same hours per day.
    expect(totals((await admin.get('/dashboard?range=30d')).body)).toEqual(mine);
    // Operators' "All merchants" reads the platform's counters: both merchants' payments.
    const all = await eventually(async () => {
      const t = totals((await operator.get('/dashboard')).body);
      return t.payments === 5 ? t : undefined;
    });
    expect(all).toMatchObject({ payments: 5, approved: 4, declined: 1 });
    expect(totals((await operator.get(`/dashboard?client_key=${other.clientKey}`)).body)).toMatchObject({ payments: 1, approved: 1 });
  });

  it('a batch replayed, bisected or overlapping what was taken counts once', async () => {
    const before = totals((await operator.get('/dashboard')).body);
    const shards = await streamRecords();
    const records = [...shards.values()].flat();
    expect(records.length).toBeGreaterThan(5);
    // Everything here was taken by the poller already: replaying it (whole, halves, a window across) adds nothing.
    for (const [shardId, rs] of shards) {
      await run(shardId, rs);
      await run(shardId, rs.slice(0, Math.ceil(rs.length / 2)));
      await run(shardId, rs.slice(Math.ceil(rs.length / 2)));
      await run(shardId, rs.slice(1, -1));
    }
    expect(totals((await operator.get('/dashboard')).body)).toEqual(before);

    // With one merchant's counter items gone (marks and all), the same replays rebuild them exactly, once.
    const otherCounts = () => operator.get(`/dashboard?client_key=${other.clientKey}`).then((r) => totals(r.body));
    const expected = await otherCounts();
    const pk = `COUNTERS#${other.clientKey}`;
    const items = await awsClients().ddb.send(
      new QueryCommand({
        TableName: platform.resources.tableName,
        KeyConditionExpression: 'pk = :p',
        ExpressionAttributeValues: { ':p': pk },
      }),
    );
    for (const i of items.Items ?? [])
      await awsClients().ddb.send(new DeleteCommand({ TableName: platform.resources.tableName, Key: { pk, sk: i.sk } }));
    expect((await otherCounts()).payments).toBe(0);
    for (const [shardId, rs] of shards) {
      await run(shardId, rs);
      await run(shardId, rs);
    }
    expect(await otherCounts()).toEqual(expected);
  });

  it('one consumer for journals and counters: a batch one job failed is retried whole, and each job takes each record once', async () => {
    const { trans_id } = await sale(platform.url, other, { orderId: `both-${randomUUID()}` });
    const journalsOf = () => ledger().journalsOf(trans_id);
    await eventually(async () => ((await journalsOf()).length ? true : undefined));
    // The poller took the payment's records already: handed over again, as a retried batch of another shard, with the
    // payment created in an hour nothing else counts in, and its journals gone, as if the first try had not run.
    const journals = await journalsOf();
    const table = platform.resources.tableName;
    for (const j of journals) await awsClients().ddb.send(new DeleteCommand({ TableName: table, Key: journalKey(j) }));
    const hour = new Date(Date.now() - 3 * 86400_000).toISOString().slice(0, 13);
    const createdAt = { S: `${hour}:00:00.000Z` };
    const records = [...(await streamRecords()).values()]
      .flat()
      .filter((r) => r.dynamodb?.NewImage?.pk?.S === `PAYMENT#${trans_id}`)
      .map((r) => structuredClone(r))
      .map((r) => {
        r.dynamodb!.NewImage!.createdAt = createdAt;
        if (r.dynamodb!.OldImage) r.dynamodb!.OldImage.createdAt = createdAt;
        return r;
      });
    expect(records[0]?.eventName).toBe('INSERT');
    expect(records.length).toBeGreaterThanOrEqual(2);
    const counts = (scope: string) =>
      consoleDeps()
        .counters.hours(scope, hour, hour)
        .then((h) => h[0]?.approved);
    // The merchant's counter item for that hour cannot take an ADD (a number stored as a string): the counters fail.
    const merchantHour = { pk: `COUNTERS#${other.clientKey}`, sk: hour };
    await awsClients().ddb.send(new PutCommand({ TableName: table, Item: { ...merchantHour, approved: 'not a number' } }));
    await expect(run('retry-shard', records)).rejects.toThrow();
    // The journals were written by the failed batch all the same.
    expect((await journalsOf()).length).toBe(journals.length);
    await awsClients().ddb.send(new PutCommand({ TableName: table, Item: { ...merchantHour, approved: 0 } }));
    // The retry: no journal written again, the merchant's hour counted once, the platform's (taken the first time) not again.
    expect((await run('retry-shard', records)).written).toBe(0);
    expect(await counts(other.clientKey)).toBe(1);
    expect(await counts('PLATFORM')).toBe(1);
    await run('retry-shard', records);
    expect([await counts(other.clientKey), await counts('PLATFORM'), (await journalsOf()).length]).toEqual([1, 1, journals.length]);
  });

  it('keeps a mark per shard: what another shard sends is its own, a straddling batch adds only what is new', async () => {
    const counters = consoleDeps().counters;
    const scope = `TEST-${randomUUID()}`;
    const hour = new Date().toISOString().slice(0, 13);
    const c = (seq: number, approved = 1) => ({ seq: `1${String(seq).padStart(20, '0')}`, counts: { approved } });
    const approved = async () => (await counters.hours(scope, hour, hour))[0]?.approved;

    await counters.add('shard-a', scope, hour, [c(1), c(2), c(3), c(4)]);
    await counters.add('shard-a', scope, hour, [c(1), c(2), c(3), c(4)]);
    expect(await approved()).toBe(4);
    await counters.add('shard-a', scope, hour, [c(1), c(2)]);
    await counters.add('shard-a', scope, hour, [c(3), c(4)]);
    expect(await approved()).toBe(4);
    // 3 and 4 were taken, 5 and 6 are new.
    await counters.add('shard-a', scope, hour, [c(3), c(4), c(5), c(6)]);
    expect(await approved()).toBe(6);
    // Lower sequence numbers from another shard are that shard's own.
    await counters.add('shard-b', scope, hour, [c(1), c(2, -1)]);
    expect(await approved()).toBe(6);
    // Concurrent first batches of two shards both land.
    await Promise.all([counters.add('shard-c', scope, hour, [c(7)]), counters.add('shard-d', scope, hour, [c(7)])]);
    expect(await approved()).toBe(8);
  });
});
