/**
 * SSRF guard at send time, on a platform configured like a deployed stage (CALLBACK_ALLOW_LOOPBACK=false): a
 * notification URL stored before the set-time rule (written straight to the merchant record here) whose host
 * resolves to a loopback address is refused by the consumer, recorded as a failed attempt with the reason, and
 * never reaches the listener; the consumer carries on with other callbacks.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { deps, callbackDeps } from '../../../shared/entry/composition/deps.js';
import { runCallbacksCommand } from '../../../scripts/admin/callbacks.js';
import { eventually, postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { saleFields } from '../../support/s2s.js';
import { apmSale } from '../s2s-apm/support.js';
import { callbacksOf } from '../callbacks/helpers.js';
import { checkNotificationUrl } from '../../../shared/operations/admin/merchants.js';

const platform = usePlatform({ CALLBACK_ALLOW_LOOPBACK: 'false', CALLBACK_RETRY_DELAYS_SECONDS: '60' });
let shop: MerchantServer;
/** The merchant's delivery log once it holds `count` entries (it is read from an eventually consistent index). */
const logOf = (clientKey: string, count = 1) =>
  eventually(async () => {
    const log = (await runCallbacksCommand(['log', clientKey])) as Array<Record<string, unknown>>;
    return log.length >= count ? log : undefined;
  });
const errorsOf = (body: any): string[] => body.errors.map((e: { error_message: string }) => e.error_message);

beforeAll(async () => {
  shop = await startMerchantServer();
});
afterEach(() => {
  callbackDeps().resolve = undefined;
});
afterAll(async () => {
  await shop?.close();
});

async function firstAttempt(transId: string) {
  const [cb] = await eventually(async () => {
    const list = await callbacksOf(transId);
    return list[0]?.attempts ? list : undefined;
  });
  return cb!;
}

describe('deployed-stage rules', () => {
  it('refuses loopback when it is set: callback_url and notification URL', async () => {
    const merchant = await testMerchant();
    const res = await postForm(`${platform.url}/post-va`, apmSale(merchant, { callback_url: shop.url }));
    expect(res.status).toBe(400);
    expect(errorsOf(res.body)).toEqual(['callback_url: This URL is not allowed: loopback address 127.0.0.1.']);
    const local = await postForm(`${platform.url}/post-va`, apmSale(merchant, { callback_url: 'http://localhost./cb' }));
    expect(errorsOf(local.body)).toEqual(['callback_url: This URL is not allowed: loopback host localhost.']);
    await expect(testMerchant({ notificationUrl: shop.url })).rejects.toThrow(
      'notification_url: This URL is not allowed: loopback address 127.0.0.1.',
    );
  });

  it('refuses at send time a host whose DNS answer is private or loopback, logs why, and goes on', async () => {
    const merchant = await testMerchant();
    const url = `http://shop.test:${new URL(shop.url).port}/callback`;
    // A public-looking name passes when it is set; its DNS answer decides at send time (resolver injected here).
    expect(checkNotificationUrl(deps(), url)).toBe(url);
    const answers = ['10.0.0.9', '127.0.0.1'];
    callbackDeps().resolve = async (host) => (host === 'shop.test' ? [{ address: answers.shift() ?? '192.168.0.1', family: 4 }] : []);
    await deps().merchants.update(merchant.clientKey, { notificationUrl: url });
    const sale = await postForm(`${platform.url}/post`, saleFields(merchant));
    expect(sale.body.result).toBe('SUCCESS');
    const second = await postForm(`${platform.url}/post`, saleFields(merchant));

    for (const transId of [sale.body.trans_id as string, second.body.trans_id as string]) {
      const cb = await firstAttempt(transId);
      expect(cb).toMatchObject({ delivery: 'PENDING', attempts: 1 });
    }
    expect(shop.received).toHaveLength(0);
    const log = await logOf(merchant.clientKey, 2);
    expect(log).toHaveLength(2);
    for (const entry of log) {
      expect(entry).toMatchObject({ outcome: 'FAILED', url, attempt: 1 });
      expect(entry.httpStatus).toBeUndefined();
    }
    expect(log.map((e) => e.error).sort()).toEqual([
      'refused: shop.test resolves to loopback address 127.0.0.1',
      'refused: shop.test resolves to private address 10.0.0.9',
    ]);
  });

  it('refuses at send time a localhost URL stored before the rule existed', async () => {
    const merchant = await testMerchant();
    // As if stored before the rule existed: the consumer must not trust what is in the record.
    const url = shop.url.replace('127.0.0.1', 'localhost');
    await deps().merchants.update(merchant.clientKey, { notificationUrl: url });
    const sale = await postForm(`${platform.url}/post`, saleFields(merchant));
    await firstAttempt(sale.body.trans_id);
    const log = await logOf(merchant.clientKey);
    expect(log[0]).toMatchObject({ outcome: 'FAILED', url, error: 'refused: loopback host localhost' });
    expect(shop.received).toHaveLength(0);
  });

  it('refuses at send time a literal private address stored earlier', async () => {
    const merchant = await testMerchant();
    await deps().merchants.update(merchant.clientKey, { notificationUrl: 'http://169.254.169.254/latest/meta-data/' });
    const sale = await postForm(`${platform.url}/post`, saleFields(merchant));
    await firstAttempt(sale.body.trans_id);
    const log = await logOf(merchant.clientKey);
    expect(log[0]).toMatchObject({ outcome: 'FAILED', error: 'refused: link-local address 169.254.169.254' });
  });
});
