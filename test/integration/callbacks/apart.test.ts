/**
 * The callback path as the bench runs it and as Lambda does: each event-driven function in its own process
 * (scripts/local/function-processes.ts) and the callback queue polled with five concurrent batches. Every callback
 * still arrives once, each payment's in order.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it, inject } from 'vitest';
import { startPlatform, type RunningPlatform } from '../../../scripts/local/platform.js';
import { postForm, testMerchant } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { callbacksSettled } from '../../support/drained.js';
import { saleFields } from '../../support/s2s.js';
import { appendCallbacks, eventIdOf } from './helpers.js';

let platform: RunningPlatform;
let shop: MerchantServer;

beforeAll(async () => {
  platform = await startPlatform({
    port: 0,
    prefix: `t${randomUUID().slice(0, 8)}`,
    endpoints: inject('endpoints'),
    schedules: 'manual',
    concurrentBatches: true,
    queueWaitSeconds: 1,
    extraEnv: { LOG_LEVEL: 'ERROR', POWERTOOLS_LOG_LEVEL: 'ERROR', CONFIG_CACHE_TTL_SECONDS: '0' },
  });
  await platform.eventFunctions.setApart(true);
  shop = await startMerchantServer();
});
afterAll(async () => {
  await shop?.close();
  await platform?.stop();
});

it('delivers every callback once and in order with the functions in their own processes and concurrent batches', async () => {
  const merchant = await testMerchant({ notificationUrl: shop.url });
  const transIds = await Promise.all(
    Array.from({ length: 12 }, async () => {
      const res = await postForm(`${platform.url}/post`, saleFields(merchant));
      expect(res.status).toBe(200);
      return res.body.trans_id as string;
    }),
  );
  const [first] = transIds;
  const later = await appendCallbacks(merchant, first!, ['REFUND', 'REFUND', 'REFUND']);
  // Every callback answered and the queue drained: a duplicate would have been delivered by now.
  await callbacksSettled(platform, transIds);

  const eventIds = shop.received.map(eventIdOf);
  expect(new Set(eventIds).size).toBe(eventIds.length);
  expect(eventIds).toHaveLength(transIds.length + later.length);
  const firstOrder = shop.received.filter((c) => c.fields.trans_id === first).map(eventIdOf);
  expect(firstOrder.slice(1)).toEqual(later.map((c) => c.eventId));
  // The consumers ran in their own processes: they used CPU there.
  const cpu = await platform.eventFunctions.cpuMs();
  expect(cpu.CallbackDeliver).toBeGreaterThan(0);
  expect(cpu.OutboxStream).toBeGreaterThan(0);
});
