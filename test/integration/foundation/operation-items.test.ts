/**
 * An operation's entry joins the write of the item it goes with (shared/adapters/operation-items.ts), on DynamoDB
 * Local: outside an operation, or for another item, writeItem() sends the plain command; joined, a failed condition
 * is the same ConditionalCheckFailedException with the same item the plain write's refusal carries, and the entry is
 * not stored; a write asking for ReturnValues other than ALL_NEW is never joined.
 */
import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningPlatform } from '../../../scripts/local/platform.js';
import { ddbClient } from '../../../shared/adapters/aws-clients.js';
import { withOperationItems, writeItem } from '../../../shared/adapters/operation-items.js';
import { startTestPlatform } from '../../support/platform.js';

let platform: RunningPlatform;
let table: string;

beforeAll(async () => {
  platform = await startTestPlatform();
  table = platform.resources.tableName;
});
afterAll(async () => {
  await platform?.stop();
});

const pk = () => `OPITEMS#${randomUUID()}`;
const get = async (key: { pk: string; sk: string }) => (await ddbClient().send(new GetCommand({ TableName: table, Key: key, ConsistentRead: true }))).Item;
const entryFor = (itemPk: string) => {
  const key = { pk: `OPENTRY#${randomUUID()}`, sk: 'E' };
  return { key, item: { tableName: table, pk: itemPk, put: { TableName: table, Item: { ...key, what: 'entry' }, ConditionExpression: 'attribute_not_exists(pk)' } } };
};
const refusal = (p: string) => ({
  Update: {
    TableName: table,
    Key: { pk: p, sk: 'A' },
    UpdateExpression: 'SET n = :n',
    ConditionExpression: 'attribute_not_exists(pk)',
    ExpressionAttributeValues: { ':n': 2 },
    ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
  },
});

describe('operation items', () => {
  it('joins the first write to the item, answers ALL_NEW, and stores the entry with it', async () => {
    const p = pk();
    await writeItem(ddbClient(), { Put: { TableName: table, Item: { pk: p, sk: 'A', n: 1, kept: 'yes' } } });
    const entry = entryFor(p);
    const { result, written } = await withOperationItems(entry.item, () =>
      writeItem(ddbClient(), {
        Update: { TableName: table, Key: { pk: p, sk: 'A' }, UpdateExpression: 'SET n = :n', ConditionExpression: 'n = :one', ExpressionAttributeValues: { ':n': 2, ':one': 1 }, ReturnValues: 'ALL_NEW' },
      }),
    );
    expect(written).toBe(true);
    expect(result).toEqual({ Attributes: { pk: p, sk: 'A', n: 2, kept: 'yes' } });
    expect(await get(entry.key)).toMatchObject({ what: 'entry' });
  });

  it('a joined write whose condition fails is refused as the plain write is, with the same item, and stores no entry', async () => {
    const p = pk();
    await writeItem(ddbClient(), { Put: { TableName: table, Item: { pk: p, sk: 'A', n: 1 } } });
    const plain = await writeItem(ddbClient(), refusal(p)).catch((e: unknown) => e);
    const entry = entryFor(p);
    const joined = await withOperationItems(entry.item, () => writeItem(ddbClient(), refusal(p))).catch((e: unknown) => e);
    expect(plain).toBeInstanceOf(ConditionalCheckFailedException);
    expect(joined).toBeInstanceOf(ConditionalCheckFailedException);
    expect((joined as ConditionalCheckFailedException).Item).toEqual((plain as ConditionalCheckFailedException).Item);
    expect((plain as ConditionalCheckFailedException).Item).toMatchObject({ n: { N: '1' } });
    expect(await get(entry.key)).toBeUndefined();
  });

  it('leaves writes to other items, and writes asking for other ReturnValues, as they are', async () => {
    const p = pk();
    const entry = entryFor(p);
    const { written } = await withOperationItems(entry.item, async () => {
      await writeItem(ddbClient(), { Put: { TableName: table, Item: { pk: pk(), sk: 'A' } } });
      const old = await writeItem(ddbClient(), { Put: { TableName: table, Item: { pk: p, sk: 'A', n: 1 }, ReturnValues: 'ALL_OLD' } });
      expect(old.Attributes).toBeUndefined();
    });
    expect(written).toBe(false);
    expect(await get(entry.key)).toBeUndefined();
    expect(await get({ pk: p, sk: 'A' })).toMatchObject({ n: 1 });
  });
});
