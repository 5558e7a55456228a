/**
 * The instant-payment QR keeps the spec's real default lifetime, 1 minute: still payable just before it, declined
 * "expired" by the deadline sweeper just after it.
 */
import { beforeAll, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { apmFollowUp, apmSale } from './support.js';

// Only the sweeper's watch is shortened (one pass per run); the QR lifetime is the default.
const platform = usePlatform({ APM_DEADLINE_WATCH_SECONDS: '0' });
let merchant: Merchant;

beforeAll(async () => {
  merchant = await testMerchant();
});

const post = (fields: Record<string, unknown>) => postForm(`${platform.url}/post-va`, fields as never);
const status = async (transId: string) => (await post(apmFollowUp(merchant, 'GET_TRANS_STATUS', transId))).body.status;
const sleepUntil = (t: number) => new Promise((r) => setTimeout(r, Math.max(0, t - Date.now())));

it('a QR lives 1 minute', { timeout: 90_000 }, async () => {
  // The payment is created between these two instants; on a loaded machine the SALE itself can take seconds.
  const sent = Date.now();
  const res = (await post(apmSale(merchant, { brand: 'ips', identifier: 'pending@gmail.com', order_currency: 'EUR' }))).body;
  const answered = Date.now();
  expect(res.status).toBe('REDIRECT');
  await sleepUntil(sent + 55_000);
  await platform.runScheduled('ApmDeadlines');
  expect(await status(res.trans_id)).toBe('REDIRECT');
  expect((await fetch(res.redirect_url)).status).toBe(200);
  await sleepUntil(answered + 61_500);
  await platform.runScheduled('ApmDeadlines');
  expect(await status(res.trans_id)).toBe('DECLINED');
});
