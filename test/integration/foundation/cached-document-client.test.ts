/**
 * The platform's DynamoDB client resolves each command class's middleware chain once (cached-document-client.ts):
 * each call must still send its own input and return its own output, middleware added or removed after the first
 * calls (the bench's meter, tests' counters, the audit companion) must be seen, and failures must reach the caller.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CreateTableCommand, DynamoDBClient, GetItemCommand, PutItemCommand, ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { CachedDocumentClient } from '../../../shared/adapters/cached-document-client.js';
import { sdkClientOptions } from '../../../shared/adapters/sdk-client-options.js';

const TableName = `cached-client-${Date.now()}`;
let ddb: CachedDocumentClient;

beforeAll(async () => {
  const raw = new DynamoDBClient({ ...sdkClientOptions(), region: 'eu-west-1', endpoint: inject('endpoints').dynamodb, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  ddb = new CachedDocumentClient(raw, { marshallOptions: { removeUndefinedValues: true } });
  await ddb.send(new CreateTableCommand({
    TableName, BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }, { AttributeName: 'sk', AttributeType: 'S' }],
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }, { AttributeName: 'sk', KeyType: 'RANGE' }],
  }));
});
afterAll(() => ddb.destroy());

describe('CachedDocumentClient', () => {
  it('sends each call its own input and returns its own output, concurrently, with undefined values dropped', async () => {
    const items = Array.from({ length: 20 }, (_, i) => ({ pk: `p${i}`, sk: 'A', n: i, nested: { list: [i, `s${i}`], gone: undefined }, set: new Set([`x${i}`]) }));
    await Promise.all(items.map((Item) => ddb.send(new PutCommand({ TableName, Item, ConditionExpression: 'attribute_not_exists(pk)' }))));
    const read = await Promise.all(items.map((i) => ddb.send(new GetCommand({ TableName, Key: { pk: i.pk, sk: 'A' } }))));
    expect(read.map((r) => r.Item)).toEqual(items.map((i) => ({ pk: i.pk, sk: 'A', n: i.n, nested: { list: i.nested.list }, set: i.set })));
    const raw = await ddb.send(new GetItemCommand({ TableName, Key: { pk: { S: 'p3' }, sk: { S: 'A' } } }));
    expect(raw.Item?.n).toEqual({ N: '3' });
  });

  it('marshals updates, transactions and queries as the document client does', async () => {
    const up = await ddb.send(new UpdateCommand({ TableName, Key: { pk: 'q', sk: 'A' }, UpdateExpression: 'SET #v = :v', ExpressionAttributeNames: { '#v': 'v' }, ExpressionAttributeValues: { ':v': { a: [1, 'b'] } }, ReturnValues: 'ALL_NEW' }));
    expect(up.Attributes).toEqual({ pk: 'q', sk: 'A', v: { a: [1, 'b'] } });
    await ddb.send(new TransactWriteCommand({ TransactItems: [{ Put: { TableName, Item: { pk: 'q', sk: 'B', n: 2 } } }, { Put: { TableName, Item: { pk: 'q', sk: 'C', n: 3 } } }] }));
    const q = await ddb.send(new QueryCommand({ TableName, KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': 'q' } }));
    expect(q.Items?.map((i: Record<string, unknown>) => i.sk)).toEqual(['A', 'B', 'C']);
  });

  it('gives each failure to its own caller', async () => {
    await ddb.send(new PutCommand({ TableName, Item: { pk: 'dup', sk: 'A' } }));
    const put = () => ddb.send(new PutCommand({ TableName, Item: { pk: 'dup', sk: 'A' }, ConditionExpression: 'attribute_not_exists(pk)' }));
    await expect(put()).rejects.toBeInstanceOf(ConditionalCheckFailedException);
    const tx = ddb.send(new TransactWriteCommand({ TransactItems: [{ Put: { TableName, Item: { pk: 'dup', sk: 'A' }, ConditionExpression: 'attribute_not_exists(pk)' } }] }));
    await expect(tx).rejects.toBeInstanceOf(TransactionCanceledException);
    await expect(ddb.send(new PutCommand({ TableName, Item: { pk: 'ok', sk: 'A' } }))).resolves.toBeDefined();
  });

  it('sees middleware added after the first calls, and stops seeing it once removed', async () => {
    const seen: string[] = [];
    ddb.middlewareStack.add((next, context) => async (args) => {
      seen.push(String(context.commandName));
      return next(args);
    }, { step: 'initialize', name: 'counter' });
    await ddb.send(new GetCommand({ TableName, Key: { pk: 'p1', sk: 'A' } }));
    await ddb.send(new PutItemCommand({ TableName, Item: { pk: { S: 'r' }, sk: { S: 'A' } } }));
    expect(seen).toEqual(['GetItemCommand', 'PutItemCommand']);
    ddb.middlewareStack.remove('counter');
    await ddb.send(new GetCommand({ TableName, Key: { pk: 'p1', sk: 'A' } }));
    expect(seen).toHaveLength(2);
  });
});
