/**
 * The bench's count of DynamoDB calls and write units (bench/src/meter.ts, an SDK middleware on the platform's
 * clients) against a count taken outside the SDK: a recording HTTP proxy between the platform and DynamoDB Local that
 * reads each request's operation (X-Amz-Target) and each answer's consumed capacity. A call the meter misses (a client
 * it is not on, a command it does not see) or units it reads wrongly make the two differ.
 */
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startPlatform, type RunningPlatform } from '../../scripts/local/platform.js';
import { awsClients } from '../../shared/adapters/aws/aws-clients.js';
import { AwsMeter, billedWriteUnits, type Capacity } from '../src/meter.js';
import { callbacksSettled } from '../../test/support/drained.js';
import { eventually, postForm, testMerchant } from '../../test/support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../test/support/merchant-server.js';
import { saleFields } from '../../test/support/s2s.js';

interface ProxiedCall {
  operation: string;
  writeUnits: number;
}

const WRITES = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'TransactWriteItems', 'BatchWriteItem']);
const proxied: ProxiedCall[] = [];
let proxy: Server;
let platform: RunningPlatform;
let meter: AwsMeter;
let shop: MerchantServer;

/** Forwards every request to DynamoDB Local unchanged and records the table API's calls (not the stream API's). */
function startProxy(target: string): Promise<string> {
  const upstream = new URL(target);
  proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const out = request(
        { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          const parts: Buffer[] = [];
          answer.on('data', (c: Buffer) => parts.push(c));
          answer.on('end', () => {
            const text = Buffer.concat(parts);
            const target = String(req.headers['x-amz-target'] ?? '');
            if (target.startsWith('DynamoDB_20120810.')) record(target.slice('DynamoDB_20120810.'.length), text.toString('utf8'));
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            res.end(text);
          });
        },
      );
      out.on('error', () => res.destroy());
      out.end(body);
    });
  });
  return new Promise((resolve) => proxy.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}`)));
}

function record(operation: string, answer: string): void {
  let consumed: Capacity | Capacity[] | undefined;
  try {
    consumed = (JSON.parse(answer) as { ConsumedCapacity?: Capacity | Capacity[] }).ConsumedCapacity;
  } catch {
    consumed = undefined;
  }
  const writeUnits = WRITES.has(operation)
    ? [consumed ?? []].flat().reduce((a, c) => a + billedWriteUnits(`${operation}Command`, c).total, 0)
    : 0;
  proxied.push({ operation, writeUnits });
}

beforeAll(async () => {
  const endpoints = inject('endpoints');
  const dynamodb = await startProxy(endpoints.dynamodb);
  platform = await startPlatform({
    port: 0,
    prefix: `meter${Date.now()}`,
    endpoints: { ...endpoints, dynamodb },
    schedules: 'manual',
    extraEnv: { LOG_LEVEL: 'ERROR', POWERTOOLS_LOG_LEVEL: 'ERROR', TEST_CLOCK: 'false' },
  });
  meter = new AwsMeter(awsClients());
  shop = await startMerchantServer();
});
afterAll(async () => {
  meter?.stop();
  await platform?.stop();
  await shop?.close();
  await new Promise((r) => proxy?.close(r));
});

it('counts the DynamoDB calls and write units of a SALE with its callback as the wire shows them', async () => {
  const merchant = await testMerchant({ notificationUrl: shop.url });
  const fromMeter = meter.mark();
  const fromProxy = proxied.length;
  const sale = await postForm(`${platform.url}/post`, saleFields(merchant));
  expect(sale.body.status).toBe('SETTLED');
  await callbacksSettled(platform, [sale.body.trans_id]);
  const operations = (calls: string[]) => calls.sort().join(', ');
  const metered = () => meter.since(fromMeter).filter((c) => c.service === 'dynamodb');
  // The stream's consumers (the outbox's hand-off; the payment changes': the dashboard counters and the ledger) write
  // after the callback: wait until the meter has shown the counters' ADDs for the payment and its delivery, then until
  // the wire and the meter have the same calls.
  await eventually(() =>
    metered().filter((c) => c.fn === 'PaymentChanges' && c.item?.startsWith('COUNTERS/')).length >= 2 ? true : undefined,
  );
  // And the ledger's journal of the SALE's capture.
  await eventually(() => (metered().some((c) => c.fn === 'PaymentChanges' && c.command === 'PutItemCommand') ? true : undefined));
  // The proxy records a call before the SDK hands its answer to the meter: equal lengths are the same calls.
  const [seen, onWire] = await eventually(() => {
    const pair = [metered(), proxied.slice(fromProxy)] as const;
    return pair[0].length === pair[1].length ? pair : undefined;
  });
  expect(operations(seen.map((c) => c.command.replace(/Command$/, '')))).toBe(operations(onWire.map((c) => c.operation)));
  const units = (xs: readonly { writeUnits: number }[]) => xs.reduce((a, c) => a + c.writeUnits, 0);
  expect(units(seen)).toBe(units(onWire));
  // What the bench's write list says a SALE with its callback writes (docs/performance.md): at least the request's
  // reservation and outcome, the delivery's claim and outcome.
  expect(onWire.filter((c) => WRITES.has(c.operation)).length).toBeGreaterThanOrEqual(4);
  expect(units(onWire)).toBeGreaterThanOrEqual(15);
});
