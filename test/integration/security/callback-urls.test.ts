/**
 * SSRF guard on the local platform (loopback allowed there, CALLBACK_ALLOW_LOOPBACK=true): callback_url and
 * notification URLs that point at private, link-local or metadata addresses are refused when set, in any notation;
 * a merchant's redirect is not followed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { checkNotificationUrl, createMerchant } from '../../../shared/operations/admin/merchants.js';
import { runCallbacksCommand } from '../../../scripts/admin/callbacks.js';
import { eventually, postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { apmSale } from '../s2s-apm/support.js';
import { callbacksOf } from '../callbacks/helpers.js';

const platform = usePlatform({ CALLBACK_RETRY_DELAYS_SECONDS: '60' });
let merchant: Merchant;
let shop: MerchantServer;
const servers: MerchantServer[] = [];
/** The merchant's delivery log once it holds `count` entries (it is read from an eventually consistent index). */
const logOf = (clientKey: string, count = 1) =>
  eventually(async () => {
    const log = (await runCallbacksCommand(['log', clientKey])) as Array<Record<string, unknown>>;
    return log.length >= count ? log : undefined;
  });
const errorsOf = (body: any): string[] => body.errors.map((e: { error_message: string }) => e.error_message);

beforeAll(async () => {
  shop = await startMerchantServer();
  servers.push(shop);
  merchant = await testMerchant({ notificationUrl: shop.url });
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

describe('S2S APM callback_url', () => {
  it.each([
    ['http://169.254.169.254/latest/meta-data/', 'link-local address 169.254.169.254'],
    ['http://2852039166/', 'link-local address 169.254.169.254'],
    ['http://[::ffff:a9fe:a9fe]/', 'link-local address 169.254.169.254'],
    ['http://[fd00:ec2::254]/', 'unique-local address fd00:ec2::254'],
    ['http://0x0a.1/', 'private address 10.0.0.1'],
    ['https://192.168.1.10/cb', 'private address 192.168.1.10'],
    ['http://100.64.0.1/', 'carrier-grade NAT address 100.64.0.1'],
    ['http://0/', 'unspecified address 0.0.0.0'],
    ['http://shop.example@10.0.0.1/', 'credentials in the URL'],
  ])('%s is refused (%s)', async (url, reason) => {
    const res = await postForm(`${platform.url}/post-va`, apmSale(merchant, { callback_url: url }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ action: 'SALE', result: 'ERROR', error_code: 100000, error_message: 'Request data is invalid.' });
    expect(errorsOf(res.body)).toEqual([`callback_url: This URL is not allowed: ${reason}.`]);
  });

  it('a public host name and, locally, loopback are accepted', async () => {
    expect((await postForm(`${platform.url}/post-va`, apmSale(merchant, { callback_url: 'https://shop.example/cb' }))).body.result).toBe(
      'SUCCESS',
    );
    const res = await postForm(`${platform.url}/post-va`, apmSale(merchant, { callback_url: shop.url }));
    expect(res.body.result).toBe('SUCCESS');
    await eventually(() => shop.received.some((c) => c.fields.trans_id === res.body.trans_id));
  });
});

describe('merchant notification URL (admin CLI, sandbox merchant)', () => {
  it('is refused when it points at a non-public address', async () => {
    const d = deps();
    for (const url of [
      'http://169.254.169.254/',
      'http://0251.0376.0251.0376/',
      'http://[fe80::1]/',
      'http://10.0.0.1:8080/cb',
      'http://a:b@shop.example/',
    ]) {
      await expect(createMerchant(d, { name: 'Shop', notificationUrl: url }), url).rejects.toThrow(
        /^notification_url: This URL is not allowed: /,
      );
      expect(() => checkNotificationUrl(d, url), url).toThrow(/^notification_url: This URL is not allowed: /);
    }
    expect(() => checkNotificationUrl(d, 'gopher://shop.example/')).toThrow('notification_url: This value is not a valid URL.');
    expect(checkNotificationUrl(d, 'https://shop.example/callbacks')).toBe('https://shop.example/callbacks');
    expect(checkNotificationUrl(d, 'http://127.0.0.1:9000/cb')).toBe('http://127.0.0.1:9000/cb');
  });
});

describe('delivery', () => {
  it('does not follow a redirect: the 3xx is a failed attempt and the redirect target gets nothing', async () => {
    const target = await startMerchantServer();
    servers.push(target);
    const redirecting = await startMerchantServer();
    servers.push(redirecting);
    redirecting.respond = (_cb, res) => {
      res.writeHead(307, { location: target.url });
      res.end();
    };
    const res = await postForm(`${platform.url}/post-va`, apmSale(merchant, { callback_url: redirecting.url }));
    expect(res.body.result).toBe('SUCCESS');
    const transId = res.body.trans_id as string;
    const [cb] = await eventually(async () => {
      const list = await callbacksOf(transId);
      return list[0]?.attempts ? list : undefined;
    });
    expect(cb).toMatchObject({ delivery: 'PENDING', attempts: 1 });
    // The attempt is counted when the consumer claims it, a moment before its POST arrives.
    await eventually(() => (redirecting.received.length > 0 ? true : undefined));
    expect(redirecting.received).toHaveLength(1);
    expect(target.received).toHaveLength(0);
    const entry = await eventually(async () => (await logOf(merchant.clientKey)).find((e) => e.transId === transId));
    expect(entry).toMatchObject({ outcome: 'FAILED', httpStatus: 307, error: 'HTTP 307', url: redirecting.url });
  });
});
