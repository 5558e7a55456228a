/**
 * The deployed merchant backend's order owners (sdk/merchant-backend/src/orders/dynamo-order-owners.ts) in
 * DynamoDB Local: the first user to claim an order number owns it, the same user may claim it again, and of many
 * users racing for one number exactly one wins.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { dynamoOrderOwners } from '../../../sdk/merchant-backend/src/orders/dynamo-order-owners.js';
import type { OrderOwners } from '../../../sdk/merchant-backend/src/orders/order-owners.js';

const TableName = `order-owners-${Date.now()}`;
let client: DynamoDBClient;
let owners: OrderOwners;

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
      AttributeDefinitions: [{ AttributeName: 'order_number', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'order_number', KeyType: 'HASH' }],
    }),
  );
  owners = dynamoOrderOwners(TableName, client);
});
afterAll(() => client.destroy());

describe('DynamoDB order owners', () => {
  it('first claim wins; the owner may claim again; others may not', async () => {
    expect(await owners.ownerOf('o-1')).toBeUndefined();
    expect(await owners.claim('o-1', 'alice')).toBe(true);
    expect(await owners.claim('o-1', 'alice')).toBe(true);
    expect(await owners.claim('o-1', 'mallory')).toBe(false);
    expect(await owners.ownerOf('o-1')).toBe('alice');
  });

  it('of concurrent claims by different users, exactly one wins and is the recorded owner', async () => {
    const users = Array.from({ length: 8 }, (_, i) => `user-${i}`);
    const results = await Promise.all(users.map((u) => owners.claim('o-race', u)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await owners.ownerOf('o-race')).toBe(users[results.indexOf(true)]);
  });
});
