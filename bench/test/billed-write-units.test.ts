/**
 * The bench's cost model reads write units from DynamoDB Local's consumed capacity (bench/src/meter.ts).
 * Inside a TransactWriteItems DynamoDB Local bills each item's index entries at twice their units, like the item
 * itself; DynamoDB doubles the table arm alone (nubo-db/dynoxide#188, measured against DynamoDB), and
 * billedWriteUnits counts a transaction's index arms once. This test pins what DynamoDB Local reports: if a release
 * of it bills differently, the correction must change with it.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  CreateTableCommand,
  DeleteTableCommand,
  DynamoDBClient,
  PutItemCommand,
  TransactWriteItemsCommand,
  type ConsumedCapacity,
} from '@aws-sdk/client-dynamodb';
import { billedWriteUnits } from '../src/meter.js';

const TableName = `billed-units-${Date.now()}`;
let client: DynamoDBClient;

const S = (s: string) => ({ S: s });
/** An item of about `bytes` bytes with an entry in the index (KEYS_ONLY: under 1 KB there). */
const item = (id: string, bytes: number) => ({ pk: S(id), sk: S('X'), gpk: S('IDX'), gsk: S(id), body: S('x'.repeat(bytes)) });
const ofTable = (consumed: ConsumedCapacity[] | undefined) => consumed!.find((c) => c.TableName === TableName)!;

beforeAll(async () => {
  client = new DynamoDBClient({
    region: 'eu-west-1',
    endpoint: inject('endpoints').dynamodb,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  await client.send(
    new CreateTableCommand({
      TableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: ['pk', 'sk', 'gpk', 'gsk'].map((AttributeName) => ({ AttributeName, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: [
        {
          IndexName: 'gsi',
          KeySchema: [
            { AttributeName: 'gpk', KeyType: 'HASH' },
            { AttributeName: 'gsk', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'KEYS_ONLY' },
        },
      ],
    }),
  );
});

afterAll(async () => {
  await client.send(new DeleteTableCommand({ TableName })).catch(() => undefined);
  client.destroy();
});

describe('billed write units', () => {
  it('a PutItem: a unit per started KB of the item, and one for its index entry, as DynamoDB Local reports them', async () => {
    const out = await client.send(new PutItemCommand({ TableName, Item: item('put', 1500), ReturnConsumedCapacity: 'INDEXES' }));
    expect(out.ConsumedCapacity).toMatchObject({
      CapacityUnits: 3,
      Table: { CapacityUnits: 2 },
      GlobalSecondaryIndexes: { gsi: { CapacityUnits: 1 } },
    });
    expect(billedWriteUnits('PutItemCommand', out.ConsumedCapacity!)).toEqual({ total: 3, by: { table: 2, gsi: 1 } });
  });

  it('a transaction of a 1.5 KB and a 0.2 KB item: DynamoDB Local doubles the index arm too; billed, only the table arm is doubled', async () => {
    const out = await client.send(
      new TransactWriteItemsCommand({
        TransactItems: [{ Put: { TableName, Item: item('t1', 1500) } }, { Put: { TableName, Item: item('t2', 200) } }],
        ReturnConsumedCapacity: 'INDEXES',
      }),
    );
    const consumed = ofTable(out.ConsumedCapacity);
    // DynamoDB Local: (2 + 1) × 2 for the items, (1 + 1) × 2 for their index entries.
    expect(consumed).toMatchObject({
      CapacityUnits: 10,
      Table: { CapacityUnits: 6 },
      GlobalSecondaryIndexes: { gsi: { CapacityUnits: 4 } },
    });
    expect(billedWriteUnits('TransactWriteItemsCommand', consumed)).toEqual({ total: 8, by: { table: 6, gsi: 2 } });
  });

  it("a transaction that replaces an item without moving its index entry: no index arm for it (the SALE's outcome)", async () => {
    await client.send(new PutItemCommand({ TableName, Item: item('p1', 900) }));
    const out = await client.send(
      new TransactWriteItemsCommand({
        TransactItems: [{ Put: { TableName, Item: item('p1', 1500) } }, { Put: { TableName, Item: item('c1', 700) } }],
        ReturnConsumedCapacity: 'INDEXES',
      }),
    );
    const consumed = ofTable(out.ConsumedCapacity);
    expect(consumed).toMatchObject({
      CapacityUnits: 8,
      Table: { CapacityUnits: 6 },
      GlobalSecondaryIndexes: { gsi: { CapacityUnits: 2 } },
    });
    expect(billedWriteUnits('TransactWriteItemsCommand', consumed)).toEqual({ total: 7, by: { table: 6, gsi: 1 } });
  });
});
