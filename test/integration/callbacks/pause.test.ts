/**
 * A slow merchant: five timeouts within the window pause deliveries to its URL (for every merchant using that URL);
 * while paused nothing is POSTed and paused messages do not use up attempts; afterwards everything is delivered.
 * Short timeout, window and pause through the config; the rule itself is the protocol's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningPlatform } from '../../../scripts/local/platform.js';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { eventually, postForm, startTestPlatform, testMerchant } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { saleFields } from '../../support/s2s.js';
import { callbacksOf, eventIdOf } from './helpers.js';
import { callbackDeps } from '../../../shared/entry/composition/deps.js';

const PAUSE_SECONDS = 4;
let platform: RunningPlatform;
let shop: MerchantServer;

beforeAll(async () => {
  platform = await startTestPlatform({
    CALLBACK_TIMEOUT_MS: '500',
    CALLBACK_RETRY_DELAYS_SECONDS: '1',
    CALLBACK_PAUSE_SECONDS: String(PAUSE_SECONDS),
    CALLBACK_PAUSE_WINDOW_SECONDS: '60',
  });
  shop = await startMerchantServer();
});
afterAll(async () => {
  await shop?.close();
  await platform?.stop();
});

describe('slow merchant', () => {
  it('trips the pause after five timeouts, gets nothing while paused, and recovers', async () => {
    let slow = true;
    shop.respond = async (_cb, res) => {
      if (slow) await new Promise((r) => setTimeout(r, 1500));
      if (!res.destroyed) {
        res.writeHead(200);
        res.end('OK');
      }
    };
    // Two merchants share the URL: the pause is per URL, for everyone using it.
    const merchants: Merchant[] = [await testMerchant({ notificationUrl: shop.url }), await testMerchant({ notificationUrl: shop.url })];
    const transIds = await Promise.all(
      [0, 1, 2, 3, 4].map(async (i) => (await postForm(`${platform.url}/post`, saleFields(merchants[i % 2]!))).body.trans_id as string),
    );

    const ctx = callbackDeps();
    const paused = await eventually(async () => (await ctx.urlHealth.get(shop.url)).pausedUntil, 20_000);
    const pausedUntil = Date.parse(paused);
    const pausedAt = pausedUntil - PAUSE_SECONDS * 1000;
    slow = false;

    await eventually(async () => {
      for (const t of transIds) if ((await callbacksOf(t))[0]?.delivery !== 'DELIVERED') return undefined;
      return true;
    }, 30_000);

    // The fifth timeout (and a few in flight when it happened) came before the pause; no attempt started during it
    // (the delivery log below, by each attempt's start: when a POST reaches the shop depends on the machine's load).
    expect(shop.received.filter((c) => c.at >= pausedUntil - 100).length).toBeGreaterThanOrEqual(1);

    const timeouts = (await Promise.all(merchants.map((m) => ctx.log.forMerchant(m.clientKey, 100))))
      .flat()
      .filter((a) => a.error === 'timeout');
    expect(timeouts.length).toBeGreaterThanOrEqual(5);
    for (const transId of transIds) {
      const [cb] = await callbacksOf(transId);
      const posts = shop.received.filter((c) => eventIdOf(c) === cb!.eventId).length;
      const log = await ctx.log.forPayment(transId);
      // Attempts are POSTs only, each one logged; waiting out the pause is neither.
      expect(cb!.attempts).toBe(log.length);
      expect(posts).toBeGreaterThanOrEqual(1);
      expect(posts).toBeLessThanOrEqual(log.length); // a timed-out POST may die before the listener sees it whole
      expect(log.filter((a) => Date.parse(a.at) > pausedAt + 100 && Date.parse(a.at) < pausedUntil - 100)).toEqual([]);
      expect(log.at(-1)).toMatchObject({ outcome: 'DELIVERED', httpStatus: 200 });
    }
  }, 60_000);
});
