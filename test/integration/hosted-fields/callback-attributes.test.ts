/**
 * Hosted-fields callbacks carry the spec's "Events" attribute groups like S2S CARD ones ("Hosted-fields callbacks have
 * the same structure as the standard Checkout callback"): 3DS attributes and browser attributes, card-on-file
 * attributes and extended_data behind their mappings, `card_token` "in every debit callback, including settled",
 * and `customer.ip` "forwarded to the connector as the payer IP and returned in the callback as customer_ip".
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_MAPPINGS, type Merchant } from '../../../shared/domain/merchant.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { recordingSandbox } from '../../support/connectors.js';
import { checkoutHash } from '../../../shared/protocol/signature.js';
import { eventually, postJson, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { createToken, pay, paymentBody, submitCard } from './support.js';

const platform = usePlatform();
let merchant: Merchant;
let mapped: Merchant;
let notifications: MerchantServer;

beforeAll(async () => {
  notifications = await startMerchantServer();
  merchant = await testMerchant({ notificationUrl: notifications.url });
  mapped = await testMerchant({ notificationUrl: notifications.url });
  await deps().merchants.update(mapped.clientKey, { mappings: { ...DEFAULT_MAPPINGS, cardOnFile: true, extendedData: true } });
});
afterAll(async () => {
  await notifications?.close();
});
afterEach(() => vi.restoreAllMocks());

async function readyToken(expiry: string, overrides: Record<string, unknown> = {}, m = merchant) {
  const s = await createToken(platform.url, m, overrides);
  expect((await submitCard(platform.url, s.token, expiry)).body).toEqual({ result: 'success', message: '' });
  return s;
}

const outcome = (orderNumber: string, type: string) =>
  eventually(() => notifications.received.find((c) => c.fields.order_number === orderNumber && c.fields.type === type));

const browserInfo = {
  color_depth: 24,
  java_enabled: false,
  language: 'de-DE',
  screen_width: 1920,
  screen_height: 1080,
  time_zone_offset: -60,
  user_agent: 'Mozilla/5.0 (X11)',
  accept_header: 'text/html',
  platform: 'Linux x86_64',
};

describe('3DS and browser attributes', () => {
  it('a 3DS payment the platform challenged: Challenge, ECI and transStatus, and the browser_info under the browser_* names', async () => {
    const { token, order } = await readyToken('05/38');
    const res = await pay(platform.url, token, paymentBody({ browser_info: browserInfo }));
    expect(res.body.result).toBe('redirect');
    const html = await (await fetch(res.body.redirect_url)).text();
    const action = /<form id="authenticate" method="post" action="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&');
    const challenge = new URL(res.body.redirect_url).searchParams.get('token')!;
    await fetch(action, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: challenge }),
    });
    const cb = await outcome(order.number, 'sale');
    expect(cb.fields).toMatchObject({
      status: 'success',
      authenticationFlow: 'Challenge',
      transStatus: 'Y',
      eci: '05',
      protocolVersion: '2.2.0',
      browser_color_depth: '24',
      browser_java_enabled: 'false',
      browser_language: 'de-DE',
      browser_screen_width: '1920',
      browser_screen_height: '1080',
      browser_timezone_offset: '-60',
      browser_user_agent: 'Mozilla/5.0 (X11)',
      browser_accept_headers: 'text/html',
      browser_platform: 'Linux x86_64',
    });
    expect(cb.fields.threeDSServerTransID).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a payment without 3DS has no 3DS attributes', async () => {
    const { token, order } = await readyToken('01/38');
    await pay(platform.url, token);
    const cb = await outcome(order.number, 'sale');
    expect(cb.fields).not.toHaveProperty('authenticationFlow');
    expect(cb.fields).not.toHaveProperty('eci');
  });
});

describe('debit: card_token in every debit callback', () => {
  it('a settled debit without req_token carries card_token', async () => {
    const { token, order } = await readyToken('01/38', { operation: 'debit' });
    expect((await pay(platform.url, token, paymentBody(), 'debit')).body.result).toBe('success');
    const cb = await outcome(order.number, 'debit');
    expect(cb.fields).toMatchObject({ status: 'success', order_status: 'settled', card_token: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });
});

describe('customer.ip', () => {
  it('is the payer IP the connector receives and the callback customer_ip; without it, the session caller', async () => {
    const connector = recordingSandbox().pay;
    const sent = (transId: string) => connector.mock.calls.map(([req]) => req).find((req) => req.transId === transId);

    const withIp = await readyToken('01/38', { customer: { name: 'John Doe', email: 'doe@example.com', ip: '198.51.100.23' } });
    const a = await pay(platform.url, withIp.token);
    expect(sent(a.body.public_id)).toMatchObject({ payerIp: '198.51.100.23' });
    expect((await outcome(withIp.order.number, 'sale')).fields.customer_ip).toBe('198.51.100.23');

    const without = await readyToken('01/38');
    const b = await pay(platform.url, without.token);
    expect(sent(b.body.public_id)).toMatchObject({ payerIp: '127.0.0.1' });
  });
});

describe('card-on-file and extended_data behind their mappings', () => {
  it('req_token is the first, cardholder-initiated use, in the callback and the status answer; extended_data names the connector', async () => {
    const { token, order } = await readyToken('01/38', { req_token: true }, mapped);
    const res = await pay(platform.url, token);
    const cb = await outcome(order.number, 'sale');
    expect(cb.fields).toMatchObject({ initiator: 'cardholder', sequence: 'first', source: 'card' });
    expect(cb.fields.extended_data).toMatchObject({
      connector_name: 'sandbox',
      merchant_name: 'Test Shop',
      approval_code: expect.stringMatching(/^\d{6}$/),
    });
    const status = await postJson(`${platform.url}/api/v1/payment/status`, {
      merchant_key: mapped.clientKey,
      payment_id: res.body.public_id,
      hash: checkoutHash([res.body.public_id], mapped.password),
    });
    expect(status.body).toMatchObject({ initiator: 'cardholder', sequence: 'first', source: 'card' });
  });

  it('off by default', async () => {
    const { token, order } = await readyToken('01/38', { req_token: true });
    await pay(platform.url, token);
    const cb = await outcome(order.number, 'sale');
    for (const name of ['initiator', 'source', 'sequence', 'extended_data']) expect(cb.fields).not.toHaveProperty(name);
  });
});
