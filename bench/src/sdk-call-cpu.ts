/**
 * `npx tsx bench/src/sdk-call-cpu.ts [--calls 3000] [--only name,name] [--concurrency 8]`: node CPU per DynamoDB
 * call (a ~1.4 KB PutItem and a GetItem, 8 at a time) against DynamoDB Local, per way of calling the SDK, measured alternately in one
 * run: the SDK's defaults, the platform's client options (sdk-client-options.ts), the platform's client itself
 * (aws-clients.ts; `platform-sdk` with every call through the SDK's pipeline, `platform-json` with the data-plane calls
 * through dynamo-json-transport.ts, as deployed), the parts on their own (a raw client, without and with its handler
 * cache), and two bounds: the same requests without the SDK ('no-sdk') and the SDK's pipeline without I/O ('sdk-no-io').
 */
import { CreateTableCommand, DynamoDBClient, GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { parseArgs } from 'node:util';
import { Agent, request as httpRequest } from 'node:http';
import { HttpResponse } from '@smithy/core/transport';
import { startDynamoDbLocal } from '../../scripts/local/emulators.js';
import { sdkClientOptions } from '../../shared/adapters/sdk-client-options.js';
import { CachedDocumentClient } from '../../shared/adapters/cached-document-client.js';

const { values } = parseArgs({ options: { calls: { type: 'string', default: '3000' }, only: { type: 'string' }, concurrency: { type: 'string', default: '8' } } });
const calls = Number(values.calls);
const ddbLocal = await startDynamoDbLocal({});
const base = { region: 'eu-west-1', endpoint: ddbLocal.endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };
process.env.AWS_REGION = base.region;
process.env.DYNAMODB_ENDPOINT_URL = ddbLocal.endpoint;
process.env.AWS_ENDPOINT_URL ??= ddbLocal.endpoint;
// The platform's config wants these; this script only reaches DynamoDB.
for (const k of ['TABLE_NAME', 'CALLBACK_QUEUE_URL', 'KMS_KEY_ID', 'CARD_DATA_KMS_KEY_ID', 'MERCHANT_SECRETS_KMS_KEY_ID', 'WALLET_KEYS_KMS_KEY_ID']) process.env[k] ??= 'cpu';
process.env.PUBLIC_BASE_URL ??= 'http://localhost';
const { ddbClient, resetAwsClients } = await import('../../shared/adapters/aws-clients.js');
const { resetConfig } = await import('../../shared/config.js');

interface Caller { put(item: Record<string, unknown>): Promise<unknown>; get(pk: string): Promise<unknown>; destroy(): void }
const translate = { marshallOptions: { removeUndefinedValues: true } };
const document = (doc: DynamoDBDocumentClient, own = true): Caller => ({
  put: (Item) => doc.send(new PutCommand({ TableName: 'cpu', Item })),
  get: (pk) => doc.send(new GetCommand({ TableName: 'cpu', Key: { pk } })),
  destroy: () => own && doc.destroy(),
});
const raw = (cacheMiddleware: boolean): Caller => {
  const c = new DynamoDBClient({ ...base, ...sdkClientOptions(), cacheMiddleware });
  return {
    put: (item) => c.send(new PutItemCommand({ TableName: 'cpu', Item: marshall(item, { removeUndefinedValues: true }) })),
    get: async (pk) => {
      const out = await c.send(new GetItemCommand({ TableName: 'cpu', Key: { pk: { S: pk } } }));
      return out.Item && unmarshall(out.Item);
    },
    destroy: () => c.destroy(),
  };
};
/**
 * No SDK: the same JSON requests POSTed on kept-alive connections (a fixed, unchecked Authorization: DynamoDB Local
 * does not verify signatures). What the HTTP exchange and the marshalling cost without the SDK's pipeline.
 */
const bare = (): Caller => {
  const agent = new Agent({ keepAlive: true, maxSockets: 50 });
  const u = new URL(base.endpoint);
  const post = (target: string, body: string) => new Promise<string>((resolve, reject) => {
    const req = httpRequest({ agent, host: u.hostname, port: u.port, method: 'POST', path: '/', headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': `DynamoDB_20120810.${target}`, authorization: 'AWS4-HMAC-SHA256 Credential=local/20261124/eu-west-1/dynamodb/aws4_request, SignedHeaders=host, Signature=00', 'x-amz-date': '20261124T000000Z', 'content-length': Buffer.byteLength(body) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve(Buffer.concat(chunks).toString()));
    });
    req.on('error', reject);
    req.end(body);
  });
  return {
    put: (item) => post('PutItem', JSON.stringify({ TableName: 'cpu', Item: marshall(item, { removeUndefinedValues: true }) })),
    get: async (pk) => { const o = JSON.parse(await post('GetItem', JSON.stringify({ TableName: 'cpu', Key: { pk: { S: pk } } }))); return o.Item && unmarshall(o.Item); },
    destroy: () => agent.destroy(),
  };
};
/** The SDK's pipeline without any I/O: a request handler that answers at once (what the SDK itself computes per call). */
const noTransport = {
  metadata: { handlerProtocol: 'http/1.1' },
  handle: async () => ({ response: new HttpResponse({ statusCode: 200, headers: { 'content-type': 'application/x-amz-json-1.0' }, body: Buffer.from('{"Item":{"pk":{"S":"x"}}}') }) }),
  updateHttpClientConfig() {},
  httpHandlerConfigs: () => ({}),
  destroy() {},
};
const variants: Record<string, () => Caller> = {
  defaults: () => document(DynamoDBDocumentClient.from(new DynamoDBClient(base), translate)),
  options: () => document(DynamoDBDocumentClient.from(new DynamoDBClient({ ...base, ...sdkClientOptions() }), translate)),
  platform: () => {
    delete process.env.DYNAMODB_TRANSPORT;
    resetConfig();
    resetAwsClients();
    return document(ddbClient());
  },
  ...Object.fromEntries(['sdk', 'json'].map((t) => [`platform-${t}`, () => {
    process.env.DYNAMODB_TRANSPORT = t;
    resetConfig();
    resetAwsClients();
    return document(ddbClient());
  }])),
  raw: () => raw(false),
  'raw cached': () => raw(true),
  'no-sdk': () => bare(),
  'sdk-no-io': () => document(new CachedDocumentClient(new DynamoDBClient({ ...base, ...sdkClientOptions(), requestHandler: noTransport as never }), translate)),
};
const names = values.only ? values.only.split(',') : Object.keys(variants);
try {
  const setup = new DynamoDBClient(base);
  await setup.send(new CreateTableCommand({ TableName: 'cpu', BillingMode: 'PAY_PER_REQUEST', AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }], KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }] }));
  const item = (pk: string) => ({ pk, kind: 'payment', amount: 1000, currency: 'USD', status: 'SETTLED', none: undefined, history: Array.from({ length: 8 }, (_, i) => ({ at: new Date().toISOString(), status: `S${i}`, note: 'x'.repeat(80) })), blob: 'y'.repeat(400) });
  const run = async (name: string) => {
    const caller = variants[name]!();
    for (let i = 0; i < 200; i++) await caller.put(item(`warm-${name}-${i}`));
    let n = 0;
    const cpu = process.cpuUsage();
    const started = performance.now();
    await Promise.all(Array.from({ length: Number(values.concurrency) }, async () => {
      while (n < calls) {
        const pk = `${name}-${n++}-${Math.random()}`;
        await caller.put(item(pk));
        if (!(await caller.get(pk))) throw new Error(`${name}: no item read back`);
      }
    }));
    const used = process.cpuUsage(cpu);
    caller.destroy();
    return { name, msPerCall: (used.user + used.system) / 1000 / (2 * n), userShare: used.user / (used.user + used.system), seconds: (performance.now() - started) / 1000 };
  };
  for (let round = 0; round < Number(process.env.ROUNDS ?? 3); round++) {
    for (const name of names) {
      const r = await run(name);
      console.log(`${r.name.padEnd(14)} ${r.msPerCall.toFixed(3)} ms node CPU per call (user ${(r.userShare * 100).toFixed(0)} %), ${r.seconds.toFixed(1)} s`);
    }
  }
  setup.destroy();
} finally {
  resetAwsClients();
  await ddbLocal.stop();
}
