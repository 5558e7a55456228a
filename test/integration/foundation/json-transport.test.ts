/* eslint-disable @typescript-eslint/no-explicit-any -- caught errors are read member by member */
/**
 * The platform's DynamoDB data-plane calls go out as one signed POST of their JSON (dynamo-json-transport.ts). Against
 * DynamoDB Local, every operation must answer exactly what the SDK's own pipeline answers for the same call (outputs,
 * document and raw, binary values, the errors a payment handles), sign exactly what it sends, and hand what it does
 * not finish (5xx, throttling, other errors) to the SDK's pipeline, whose retry then sends it.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  ConditionalCheckFailedException, CreateTableCommand, DynamoDBClient, GetItemCommand, PutItemCommand, TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand, BatchWriteCommand, DeleteCommand, GetCommand, PutCommand, QueryCommand, ScanCommand, TransactGetCommand, TransactWriteCommand, UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { CachedDocumentClient } from '../../../shared/adapters/cached-document-client.js';
import { jsonTransport } from '../../../shared/adapters/dynamo-json-transport.js';
import { sdkClientOptions } from '../../../shared/adapters/sdk-client-options.js';
import { awsProxy } from '../../support/aws-proxy.js';

const TableName = `json-transport-${Date.now()}`;
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const translate = { marshallOptions: { removeUndefinedValues: true } };

const client = (endpoint: string, json: boolean) => {
  const raw = new DynamoDBClient({ ...sdkClientOptions(), region: 'eu-west-1', endpoint, credentials });
  return new CachedDocumentClient(raw, translate, json ? jsonTransport(raw) : undefined);
};
const strip = <T>(o: T): T => {
  const { $metadata, ...rest } = o as Record<string, unknown>;
  void $metadata;
  return rest as T;
};

let p: ReturnType<typeof awsProxy>;
let proxyUrl: string;
let viaJson: CachedDocumentClient;
let viaSdk: CachedDocumentClient;

beforeAll(async () => {
  p = awsProxy(inject('endpoints').dynamodb, 'dynamodb');
  proxyUrl = await p.listen();
  viaJson = client(proxyUrl, true);
  viaSdk = client(inject('endpoints').dynamodb, false);
  await viaSdk.send(new CreateTableCommand({
    TableName, BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }, { AttributeName: 'sk', AttributeType: 'S' }],
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }, { AttributeName: 'sk', KeyType: 'RANGE' }],
  }));
});
afterAll(async () => {
  viaJson.destroy();
  viaSdk.destroy();
  await p.close();
});

const item = (pk: string, sk: string) => ({
  pk, sk, amount: 1000, currency: 'USD', flags: new Set(['a', 'b']), nums: new Set([1, 2]), history: [{ at: '2026-11-24T00:00:00Z', status: 'SETTLED', n: null }],
  blob: Buffer.from('sealed'), bins: new Set([new Uint8Array([1, 2]), new Uint8Array([3])]), nested: { deep: { list: [1, 'x', true] } }, nothing: undefined,
});

describe('the JSON transport', () => {
  it('answers every data-plane operation as the SDK does, on the transport (not handed over), signed as sent', async () => {
    const from = p.seen.length;
    // Each call made twice, once per client, on keys of its own: the outputs must be equal.
    const run = async (c: CachedDocumentClient, tag: string) => {
      const out: unknown[] = [];
      const k = (s: string) => `${tag}-${s}`;
      out.push(await c.send(new PutCommand({ TableName, Item: item(k('a'), '1') })));
      out.push(await c.send(new PutCommand({ TableName, Item: { ...item(k('a'), '1'), amount: 2000 }, ReturnValues: 'ALL_OLD' })));
      out.push(await c.send(new UpdateCommand({ TableName, Key: { pk: k('a'), sk: '1' }, UpdateExpression: 'SET #s = :s ADD flags :f', ExpressionAttributeNames: { '#s': 'status' }, ExpressionAttributeValues: { ':s': 'DONE', ':f': new Set(['c']) }, ReturnValues: 'ALL_NEW' })));
      out.push(await c.send(new GetCommand({ TableName, Key: { pk: k('a'), sk: '1' }, ConsistentRead: true })));
      out.push(await c.send(new GetCommand({ TableName, Key: { pk: k('none'), sk: '1' } })));
      await c.send(new TransactWriteCommand({ TransactItems: [2, 3, 4].map((i) => ({ Put: { TableName, Item: item(k('a'), String(i)) } })) }));
      out.push(await c.send(new QueryCommand({ TableName, KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': k('a') }, Limit: 2 })));
      out.push(await c.send(new TransactGetCommand({ TransactItems: [{ Get: { TableName, Key: { pk: k('a'), sk: '2' } } }, { Get: { TableName, Key: { pk: k('a'), sk: '9' } } }] })));
      await c.send(new BatchWriteCommand({ RequestItems: { [TableName]: [{ PutRequest: { Item: item(k('b'), '1') } }, { DeleteRequest: { Key: { pk: k('a'), sk: '4' } } }] } }));
      const batch = await c.send(new BatchGetCommand({ RequestItems: { [TableName]: { Keys: [{ pk: k('b'), sk: '1' }, { pk: k('a'), sk: '3' }] } } }));
      const responses = batch.Responses?.[TableName]?.sort((x: Record<string, unknown>, y: Record<string, unknown>) => String(x.pk).localeCompare(String(y.pk)));
      out.push({ ...batch, Responses: { t: responses } });
      out.push(await c.send(new DeleteCommand({ TableName, Key: { pk: k('a'), sk: '3' }, ReturnValues: 'ALL_OLD' })));
      const raw = await c.send(new GetItemCommand({ TableName, Key: { pk: { S: k('a') }, sk: { S: '2' } } }));
      out.push(raw);
      const scan = await c.send(new ScanCommand({ TableName, FilterExpression: 'pk = :p', ExpressionAttributeValues: { ':p': k('b') } }));
      out.push({ Items: scan.Items, Count: scan.Count });
      // The tags differ; everything else must not.
      return JSON.parse(JSON.stringify(out.map(strip), (key, v) => (v instanceof Set ? [...v].sort() : v)).replaceAll(`${tag}-`, ''));
    };
    const tag = String(Date.now());
    const [json, sdk] = [await run(viaJson, `j${tag}`), await run(viaSdk, `s${tag}`)];
    expect(json).toEqual(sdk);
    // Binary values come back as Uint8Array, as the SDK gives them.
    const got = await viaJson.send(new GetCommand({ TableName, Key: { pk: `j${tag}-a`, sk: '2' } }));
    expect(got.Item?.blob).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(got.Item!.blob as Uint8Array).toString()).toBe('sealed');
    const calls = p.seen.slice(from);
    expect(calls.length).toBeGreaterThanOrEqual(13);
    expect(calls.filter((c) => c.sdk)).toEqual([]);
    expect(calls.every((c) => c.signatureOk)).toBe(true);
  });

  it('throws the SDK\'s own exceptions for a failed condition and a cancelled transaction, with the item asked for', async () => {
    const k = `cond-${Date.now()}`;
    await viaJson.send(new PutCommand({ TableName, Item: item(k, '1') }));
    const failures = async (c: CachedDocumentClient) => {
      const put = await c.send(new PutCommand({ TableName, Item: { pk: k, sk: '1' }, ConditionExpression: 'attribute_not_exists(pk)', ReturnValuesOnConditionCheckFailure: 'ALL_OLD' })).catch((e: unknown) => e as any);
      const tx = await c.send(new TransactWriteCommand({ TransactItems: [
        { Put: { TableName, Item: { pk: `${k}-new`, sk: '1' } } },
        { Update: { TableName, Key: { pk: k, sk: '1' }, UpdateExpression: 'SET x = :x', ConditionExpression: 'amount = :zero', ExpressionAttributeValues: { ':x': 1, ':zero': 0 }, ReturnValuesOnConditionCheckFailure: 'ALL_OLD' } },
      ] })).catch((e: unknown) => e as any);
      return [put, tx];
    };
    const [[jPut, jTx], [sPut, sTx]] = [await failures(viaJson), await failures(viaSdk)];
    expect(jPut).toBeInstanceOf(ConditionalCheckFailedException);
    expect(jTx).toBeInstanceOf(TransactionCanceledException);
    expect({ name: jPut.name, message: jPut.message, Item: jPut.Item, fault: jPut.$fault, status: jPut.$metadata.httpStatusCode })
      .toEqual({ name: sPut.name, message: sPut.message, Item: sPut.Item, fault: sPut.$fault, status: sPut.$metadata.httpStatusCode });
    expect({ name: jTx.name, message: jTx.message, reasons: jTx.CancellationReasons, fault: jTx.$fault })
      .toEqual({ name: sTx.name, message: sTx.message, reasons: sTx.CancellationReasons, fault: sTx.$fault });
    expect(jTx.CancellationReasons[1].Item.pk).toEqual({ S: k });
  });

  it('hands a 5xx and a throttled answer to the SDK, whose retry sends the call again', async () => {
    const k = `retry-${Date.now()}`;
    const from = p.seen.length;
    p.failNext({ status: 500, body: '{"__type":"com.amazonaws.dynamodb.v20120810#InternalServerError","message":"boom"}' });
    await viaJson.send(new PutCommand({ TableName, Item: { pk: k, sk: '1' }, ConditionExpression: 'attribute_not_exists(pk)' }));
    p.failNext({ status: 400, body: '{"__type":"com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException","message":"slow down"}' });
    const read = await viaJson.send(new GetCommand({ TableName, Key: { pk: k, sk: '1' } }));
    expect(read.Item).toEqual({ pk: k, sk: '1' });
    expect(p.seen.slice(from).map((c) => c.sdk)).toEqual([false, true, false, true]);
  });

  it('never sends again a call answered 200 with an unreadable body (it may have been written)', async () => {
    const from = p.seen.length;
    p.failNext({ status: 200, body: '{"Attributes":' });
    await expect(viaJson.send(new UpdateCommand({ TableName, Key: { pk: `count-${Date.now()}`, sk: '1' }, UpdateExpression: 'ADD n :one', ExpressionAttributeValues: { ':one': 1 } })))
      .rejects.toThrow(/answered 200 with a body that is not JSON/);
    expect(p.seen.length - from).toBe(1);
  });

  it('hands any other refusal to the SDK, which throws its own error', async () => {
    const bad = (c: CachedDocumentClient) => c.send(new UpdateCommand({ TableName, Key: { pk: 'x', sk: '1' }, UpdateExpression: 'SET #a = :a', ExpressionAttributeValues: { ':a': 1 } })).catch((e: unknown) => e as any);
    const [j, s] = [await bad(viaJson), await bad(viaSdk)];
    expect(j.name).toBe('ValidationException');
    expect({ name: j.name, message: j.message }).toEqual({ name: s.name, message: s.message });
  });

  it('leaves the control plane to the SDK', async () => {
    const from = p.seen.length;
    await viaJson.send(new PutItemCommand({ TableName, Item: { pk: { S: 'raw' }, sk: { S: '1' } } }));
    await expect(viaJson.send(new CreateTableCommand({
      TableName, BillingMode: 'PAY_PER_REQUEST', AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }], KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
    }))).rejects.toMatchObject({ name: 'ResourceInUseException' });
    expect(p.seen.slice(from).map((c) => [c.target.split('.')[1], c.sdk])).toEqual([['PutItem', false], ['CreateTable', true]]);
  });

  it('resolves the endpoint once: later calls naming their tables skip the endpoint rules; a table ARN is resolved every time', async () => {
    const raw = new DynamoDBClient({ ...sdkClientOptions(), region: 'eu-west-1', endpoint: proxyUrl, credentials });
    const c = new CachedDocumentClient(raw, translate, jsonTransport(raw));
    const provider = raw.config.endpointProvider;
    let resolved = 0;
    (raw.config as any).endpointProvider = (...args: Parameters<typeof provider>) => {
      resolved++;
      return provider(...args);
    };
    try {
      const from = p.seen.length;
      const k = `endpoint-${Date.now()}`;
      await c.send(new PutCommand({ TableName, Item: { pk: k, sk: '1' } }));
      await c.send(new PutCommand({ TableName, Item: { pk: k, sk: '2' } }));
      const got = await c.send(new GetCommand({ TableName, Key: { pk: k, sk: '2' } }));
      await c.send(new TransactWriteCommand({ TransactItems: [{ Delete: { TableName, Key: { pk: k, sk: '1' } } }] }));
      expect(got.Item).toEqual({ pk: k, sk: '2' });
      expect(resolved).toBe(1);
      expect(p.seen.slice(from).map((x) => [x.sdk, x.signatureOk])).toEqual([[false, true], [false, true], [false, true], [false, true]]);
      // A handed-over call is not sent twice by the transport: the SDK's retry is the only resend.
      const before = p.seen.length;
      p.failNext({ status: 500, body: '{"__type":"com.amazonaws.dynamodb.v20120810#InternalServerError","message":"boom"}' });
      await c.send(new PutCommand({ TableName, Item: { pk: k, sk: '3' } }));
      expect(p.seen.slice(before).map((x) => x.sdk)).toEqual([false, true]);
      const arnTable = `arn:aws:dynamodb:eu-west-1:123456789012:table/${TableName}`;
      const atArn = resolved;
      await c.send(new GetCommand({ TableName: arnTable, Key: { pk: k, sk: '2' } })).catch(() => undefined);
      expect(resolved).toBeGreaterThan(atArn);
    } finally {
      c.destroy();
    }
  });
});
