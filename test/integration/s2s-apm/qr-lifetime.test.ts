/**
 * The instant-payment QR keeps the spec's real default lifetime, 1 minute: still payable just before it, declined
 * "expired" by the deadline sweeper just after it. The merchant's test clock is set to those instants instead of
 * waiting for them: the QR's lifetime and the sweeper read that clock (docs/test-clock.md), which keeps running.
 */
import { beforeAll, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { moveMerchantClock } from '../../support/merchant-clock.js';
import { apmFollowUp, apmSale } from './support.js';

// Only the sweeper's watch is shortened (one pass per run); the QR lifetime is the default.
const platform = usePlatform({ APM_DEADLINE_WATCH_SECONDS: '0' });
let merchant: Merchant;

beforeAll(async () => {
  merchant = await testMerchant();
});

const post = (fields: Record<string, unknown>) => postForm(`${platform.url}/post-va`, fields as never);
const status = async (transId: string) => (await post(apmFollowUp(merchant, 'GET_TRANS_STATUS', transId))).body.status;
/**
 * The merchant's clock to at least `t`. The clock keeps running after a move, so on a slow machine it can already be
 * past `t`: the route then refuses (a clock only moves forward), which is as good.
 */
const clockTo = (t: number) => moveMerchantClock(platform.url, merchant, { set: new Date(t).toISOString() }, { alreadyPastIsFine: true });

it('a QR lives 1 minute', async () => {
  // The payment is created between these two instants (by the merchant's clock, still the real time here); on a
  // loaded machine the SALE itself can take seconds.
  const sent = Date.now();
  const res = (await post(apmSale(merchant, { brand: 'ips', identifier: 'pending@gmail.com', order_currency: 'EUR' }))).body;
  const answered = Date.now();
  expect(res.status).toBe('REDIRECT');
  await clockTo(sent + 55_000);
  await platform.runScheduled('ApmDeadlines');
  expect(await status(res.trans_id)).toBe('REDIRECT');
  expect((await fetch(res.redirect_url)).status).toBe(200);
  await clockTo(answered + 61_500);
  await platform.runScheduled('ApmDeadlines');
  expect(await status(res.trans_id)).toBe('DECLINED');
});
