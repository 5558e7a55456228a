/**
 * A write that is handed entries (shared/adapters/aws/transaction-items.ts) carries them in its own TransactWriteItems,
 * on DynamoDB Local: without entries, writeItem() sends the plain command; with them, a failed condition is the same
 * ConditionalCheckFailedException with the same item the plain write's refusal carries, and no entry is stored; a
 * later write of the same change carries them no more; a write asking for ReturnValues other than ALL_NEW refuses
 * them instead of dropping them.
 */
import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { ddbClient } from '../../../shared/adapters/aws/aws-clients.js';
import { writeItem } from '../../../shared/adapters/aws/transaction-items.js';
import { TransactionItems } from '../../../shared/ports/transaction-items.js';
import { usePlatform } from '../../support/platform.js';

const platform = usePlatform();
let table: string;

beforeAll(async () => {
  table = platform.resources.tableName;
});

const pk = () => `TXITEMS#${randomUUID()}`;
const get = async (key: { pk: string; sk: string }) =>
  (await ddbClient().send(new GetCommand({ TableName: table, Key: key, ConsistentRead: true }))).Item;
const entryItem = () => {
  const key = { pk: `TXENTRY#${randomUUID()}`, sk: 'E' };
  return { key, item: { table, item: { ...key, what: 'entry' } } };
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

describe('transaction items', () => {
  it('a write handed entries stores them with it, answers ALL_NEW, and a later write carries them no more', async () => {
    const p = pk();
    await writeItem(ddbClient(), { Put: { TableName: table, Item: { pk: p, sk: 'A', n: 1, kept: 'yes' } } });
    const entry = entryItem();
    const alongside = TransactionItems.of(entry.item);
    const result = await writeItem(
      ddbClient(),
      {
        Update: {
          TableName: table,
          Key: { pk: p, sk: 'A' },
          UpdateExpression: 'SET n = :n',
          ConditionExpression: 'n = :one',
          ExpressionAttributeValues: { ':n': 2, ':one': 1 },
          ReturnValues: 'ALL_NEW',
        },
      },
      alongside,
    );
    expect(alongside.stored).toBe(true);
    expect(result).toEqual({ Attributes: { pk: p, sk: 'A', n: 2, kept: 'yes' } });
    expect(await get(entry.key)).toMatchObject({ what: 'entry' });
    // Stored once: the change's next write is a plain one (a second Put of the entry would fail its condition).
    await writeItem(ddbClient(), { Put: { TableName: table, Item: { pk: p, sk: 'A', n: 3 } } }, alongside);
    expect(await get({ pk: p, sk: 'A' })).toMatchObject({ n: 3 });
  });

  it('a write whose condition fails is refused as the plain write is, with the same item, and stores no entry', async () => {
    const p = pk();
    await writeItem(ddbClient(), { Put: { TableName: table, Item: { pk: p, sk: 'A', n: 1 } } });
    const plain = await writeItem(ddbClient(), refusal(p)).catch((e: unknown) => e);
    const entry = entryItem();
    const alongside = TransactionItems.of(entry.item);
    const joined = await writeItem(ddbClient(), refusal(p), alongside).catch((e: unknown) => e);
    expect(plain).toBeInstanceOf(ConditionalCheckFailedException);
    expect(joined).toBeInstanceOf(ConditionalCheckFailedException);
    expect((joined as ConditionalCheckFailedException).Item).toEqual((plain as ConditionalCheckFailedException).Item);
    expect((plain as ConditionalCheckFailedException).Item).toMatchObject({ n: { N: '1' } });
    expect(alongside.stored).toBe(false);
    expect(await get(entry.key)).toBeUndefined();
  });

  it('nested entries are stored by one write, and storing them marks the outer ones stored', async () => {
    const p = pk();
    const outer = entryItem();
    const inner = entryItem();
    const alongside = TransactionItems.of(outer.item);
    await writeItem(ddbClient(), { Put: { TableName: table, Item: { pk: p, sk: 'A' } } }, alongside.plus(inner.item));
    expect(alongside.stored).toBe(true);
    expect(await get(outer.key)).toMatchObject({ what: 'entry' });
    expect(await get(inner.key)).toMatchObject({ what: 'entry' });
  });

  it('a write asking for other ReturnValues refuses entries rather than dropping them; without entries it is as given', async () => {
    const p = pk();
    const entry = entryItem();
    const alongside = TransactionItems.of(entry.item);
    await expect(
      writeItem(ddbClient(), { Put: { TableName: table, Item: { pk: p, sk: 'A', n: 1 }, ReturnValues: 'ALL_OLD' } }, alongside),
    ).rejects.toThrow(/cannot carry entries/);
    expect(alongside.stored).toBe(false);
    expect(await get({ pk: p, sk: 'A' })).toBeUndefined();
    await writeItem(ddbClient(), { Put: { TableName: table, Item: { pk: p, sk: 'A', n: 1 } } });
    const old = await writeItem(ddbClient(), { Put: { TableName: table, Item: { pk: p, sk: 'A', n: 2 }, ReturnValues: 'ALL_OLD' } });
    expect(old.Attributes).toMatchObject({ n: 1 });
    expect(await get(entry.key)).toBeUndefined();
  });
});
