/**
 * The local table-stream mapping plays a batching window as Lambda's does (MaximumBatchingWindowInSeconds): records
 * are held until a batch is full or the window ends, and `flush` ends the window at once. A mapping without a
 * window invokes with what each poll found, which is what proves the records were read.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { inject } from 'vitest';
import { CreateTableCommand, DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { pollTableStream, type StreamPoller } from '../../../scripts/local/stream-poller.js';
import { eventually } from '../../support/platform.js';

const endpoint = inject('endpoints').dynamodb;
const ddb = new DynamoDBClient({ region: 'eu-west-1', endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
const tableName = `stream-windows-${Math.random().toString(36).slice(2, 8)}`;
const batches: Record<'windowed' | 'direct', string[][]> = { windowed: [], direct: [] };
let poller: StreamPoller;

const consumer = (name: 'windowed' | 'direct', batchingWindowSeconds?: number) => ({
  handler: 'unused',
  functionName: name,
  batchSize: 3,
  insertedKinds: ['payment'],
  batchingWindowSeconds,
  invoke: async (e: DynamoDBStreamEvent) => {
    batches[name].push(e.Records.map((r) => r.dynamodb!.NewImage!.pk!.S!));
  },
});
const put = (pk: string) =>
  ddb.send(new PutItemCommand({ TableName: tableName, Item: { pk: { S: pk }, sk: { S: 'x' }, kind: { S: 'payment' } } }));
const seen = (name: 'windowed' | 'direct') => batches[name].flat();

beforeAll(async () => {
  await ddb.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'S' },
      ],
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
    }),
  );
  // An hour-long window: only a full batch or a flush can hand records over while the test runs.
  poller = await pollTableStream({
    ddb,
    endpoint,
    region: 'eu-west-1',
    tableName,
    consumers: [consumer('windowed', 3600), consumer('direct')],
  });
});
afterAll(async () => {
  await poller?.stop();
  ddb.destroy();
});

it('holds records until the window ends (flush) or a batch is full', async () => {
  await put('a');
  await put('b');
  await eventually(() => (seen('direct').length === 2 ? true : undefined));
  expect(batches.windowed).toEqual([]); // read, and held

  await poller.flush();
  expect(batches.windowed).toEqual([['a', 'b']]); // one batch: the window's

  for (const pk of ['c', 'd', 'e', 'f']) await put(pk);
  await eventually(() => (seen('direct').length === 6 ? true : undefined));
  await eventually(() => (batches.windowed.length === 2 ? true : undefined));
  expect(batches.windowed[1]).toEqual(['c', 'd', 'e']); // a full batch goes at once
  await poller.flush();
  expect(batches.windowed).toEqual([['a', 'b'], ['c', 'd', 'e'], ['f']]);
  await poller.flush(); // nothing held: no empty batch
  expect(batches.windowed).toHaveLength(3);
});
