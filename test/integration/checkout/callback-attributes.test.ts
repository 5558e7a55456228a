/**
 * The hosted Checkout page's returns and callbacks: the spec's "Optional redirect extras `payment_method`, `brand`"
 * on success and cancel URLs behind the redirectExtras mapping, the 3DS and browser attributes in Checkout callbacks
 * ("3DS and browser attributes", authenticationFlow "Frictionless or Challenge"), and the payer's IP forwarded to
 * the connector.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_MAPPINGS, type Merchant } from '../../../shared/domain/merchant.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { recordingSandbox } from '../../support/connectors.js';
import { eventually, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { card, createSession, postPage, returnHash, returnQuery } from './support.js';

const platform = usePlatform();
let shop: MerchantServer;
let plain: Merchant;
let extras: Merchant;

beforeAll(async () => {
  shop = await startMerchantServer();
  plain = await testMerchant({ notificationUrl: shop.url });
  extras = await testMerchant({ notificationUrl: shop.url });
  await deps().merchants.update(extras.clientKey, { mappings: { ...DEFAULT_MAPPINGS, redirectExtras: true } });
});
afterAll(async () => {
  await shop?.close();
});
afterEach(() => vi.restoreAllMocks());

/** The payer's browser submitting a page form, with its own User-Agent and Accept headers. */
async function payerPost(url: string, fields: Record<string, string>) {
  const res = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'text/html,application/xhtml+xml',
      'user-agent': 'Mozilla/5.0 (Payer)',
    },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: res.status, html: await res.text() };
}

describe('redirect extras: payment_method and brand on success and cancel URLs', () => {
  it('on the success URL (paid) and the cancel URL (declined) when the mapping is on, outside the return hash', async () => {
    const paid = await createSession(platform.url, extras);
    const success = returnQuery((await postPage(`${paid.url}/pay`, card('01/38'))).html);
    expect(success).toMatchObject({ payment_method: 'card', brand: 'visa' });
    expect(success.hash).toBe(returnHash(extras, success.payment_id!, paid.order));

    const declined = await createSession(platform.url, extras);
    const cancel = returnQuery((await postPage(`${declined.url}/pay`, card('02/38'))).html);
    expect(cancel).toMatchObject({ payment_method: 'card', brand: 'visa' });
    expect(cancel.hash).toBe(returnHash(extras, cancel.payment_id!, declined.order));
  });

  it('absent by default', async () => {
    const { url } = await createSession(platform.url, plain);
    const q = returnQuery((await postPage(`${url}/pay`, card('01/38'))).html);
    expect(q).not.toHaveProperty('payment_method');
    expect(q).not.toHaveProperty('brand');
    expect(Object.keys(q).sort()).toEqual(['hash', 'order_id', 'payment_id', 'trans_id']);
  });
});

describe('3DS and browser attributes in Checkout callbacks', () => {
  it("the page's 3DS: Challenge, ECI, transStatus; the payer's browser headers as browser_user_agent / browser_accept_headers", async () => {
    const { url } = await createSession(platform.url, plain);
    expect((await payerPost(`${url}/pay`, card('05/38'))).status).toBe(303);
    const done = await payerPost(`${url}/3ds`, {});
    const q = returnQuery(done.html);
    const cb = await eventually(() => shop.received.find((c) => c.fields.id === q.payment_id && c.fields.type === 'sale'));
    expect(cb.fields).toMatchObject({
      status: 'success',
      authenticationFlow: 'Challenge',
      transStatus: 'Y',
      eci: '05',
      browser_user_agent: 'Mozilla/5.0 (Payer)',
      browser_accept_headers: 'text/html,application/xhtml+xml',
    });
  });
});

describe("the payer's IP", () => {
  it('the address the page was submitted from reaches the connector and the callback customer_ip', async () => {
    const connector = recordingSandbox().pay;
    const { url } = await createSession(platform.url, plain);
    const q = returnQuery((await postPage(`${url}/pay`, card('01/38'))).html);
    const sent = connector.mock.calls.map(([req]) => req).find((req) => req.transId === q.payment_id);
    expect(sent).toMatchObject({ payerIp: '127.0.0.1' });
    const cb = await eventually(() => shop.received.find((c) => c.fields.id === q.payment_id));
    expect(cb.fields.customer_ip).toBe('127.0.0.1');
  });
});
