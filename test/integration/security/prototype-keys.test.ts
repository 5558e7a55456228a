/**
 * Keys that could reach a prototype (`__proto__`, `constructor`, `prototype`) inside a merchant's free-form objects
 * (custom_data, parameters, payee ...), on every route that takes one, in JSON, form and multipart: the one rule of
 * docs/protocol-choices.md ("Prototype keys") is that they are ignored with what they hold. Never a 5xx, and nothing
 * of them in storage or in a callback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { hostedFieldsTokenHash } from '../../../shared/operations/hosted-fields/session.js';
import { signRequest } from '../../../shared/protocol/merchant-api/request-signature.js';
import { eventually, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { sessionBody, storedSession } from '../checkout/support.js';
import { call, createToken, pay, submitCard, tokenBody, update } from '../hosted-fields/support.js';
import { apmSale } from '../s2s-apm/support.js';
import { saleFields } from '../../support/s2s.js';
import { encodeForm } from '../../../shared/protocol/form.js';
import { signInConsole } from '../console/support.js';

const platform = usePlatform();
let merchant: Merchant;
let shop: MerchantServer;

beforeAll(async () => {
  shop = await startMerchantServer();
  merchant = await testMerchant({ notificationUrl: shop.url });
});
afterAll(async () => {
  await shop?.close();
});

/** JSON.parse keeps `__proto__` as an own key, so JSON.stringify sends it as a hostile client would. */
const json = (text: string): Record<string, unknown> => JSON.parse(text) as Record<string, unknown>;
const POISONED = '{"a":"b","__proto__":{"polluted":"x"},"constructor":{"prototype":{"polluted":"x"}},"prototype":{"polluted":"x"}}';
const POISON_PAIRS =
  'custom_data[__proto__][polluted]=x&custom_data[constructor][prototype][polluted]=x&custom_data[prototype][polluted]=x';

/** Nothing of the prototype keys anywhere in what was stored or sent. */
function clean(value: unknown): void {
  const text = JSON.stringify(value);
  expect(text).not.toContain('polluted');
  expect(text).not.toMatch(/__proto__|"constructor"|"prototype"/);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
}

async function rawJson(method: string, path: string, body: string, headers: Record<string, string> = {}) {
  const res = await fetch(platform.url + path, { method, headers: { 'content-type': 'application/json', ...headers }, body });
  return { status: res.status, body: (await res.json()) as any };
}

describe('PUT /api/v1/session/update (hosted fields)', () => {
  const stored = async (token: string) => (await deps().checkoutSessions.getByTokenHash(hostedFieldsTokenHash(token)))!;

  it('ignores __proto__ in custom_data and keeps the rest', async () => {
    const { token } = await createToken(platform.url, merchant);
    const res = await call('PUT', `${platform.url}/api/v1/session/update`, token, '{"custom_data":{"a":"b","__proto__":{"polluted":"x"}}}');
    expect(res.status).toBe(200);
    expect((await stored(token)).customData).toEqual({ a: 'b' });
  });

  it('ignores constructor in custom_data and __proto__ in parameters', async () => {
    const { token } = await createToken(platform.url, merchant);
    const ctor = await call(
      'PUT',
      `${platform.url}/api/v1/session/update`,
      token,
      '{"custom_data":{"constructor":{"prototype":{"polluted":"x"}}}}',
    );
    expect(ctor.status).toBe(200);
    const params = await call('PUT', `${platform.url}/api/v1/session/update`, token, '{"parameters":{"__proto__":{"polluted":"x"}}}');
    expect(params.status).toBe(200);
    const s = await stored(token);
    // What was left of each is {}, which clears the stored object (docs/hosted-fields.md).
    expect(s.customData).toBeUndefined();
    expect(s.parameters).toBeUndefined();
    clean(s);
  });

  it('a body that is nothing but prototype keys has no parameter to update', async () => {
    const { token } = await createToken(platform.url, merchant);
    const res = await call('PUT', `${platform.url}/api/v1/session/update`, token, '{"__proto__":{"order_amount":"1.00"}}');
    expect(res.status).toBe(400);
    expect(res.body.error_message).toBe('At least one parameter must be sent.');
    expect((await stored(token)).version).toBe(1);
  });
});

describe('hosted fields: session token, payment and its callback', () => {
  it('custom_data reaches the callback without the prototype keys', async () => {
    const { token, order } = await createToken(platform.url, merchant, { custom_data: json(POISONED), parameters: json(POISONED) });
    const s = (await deps().checkoutSessions.getByTokenHash(hostedFieldsTokenHash(token)))!;
    expect(s.customData).toEqual({ a: 'b' });
    expect(s.parameters).toEqual({ a: 'b' });
    expect((await submitCard(platform.url, token)).body.result).toBe('success');
    const paid = await pay(
      platform.url,
      token,
      json(
        '{"name":"JOHN DOE","with_hosted_fields":true,"__proto__":{"polluted":"x"},"billing_address":{"country":"US","__proto__":{"polluted":"x"}}}',
      ),
    );
    expect(paid.status).toBe(200);
    const cb = await eventually(() => shop.received.find((c) => c.fields.order_number === order.number));
    expect(cb.fields.custom_data).toEqual({ a: 'b' });
    expect(cb.raw).not.toMatch(/polluted|__proto__|constructor|prototype/);
  });
});

describe('POST /api/v1/session (Checkout)', () => {
  it('ignores the keys in every free-form object, at the top and in named objects', async () => {
    const body = sessionBody(merchant, {
      operation: 'credit',
      custom_data: json(POISONED),
      parameters: json(POISONED),
      payee: json(POISONED),
      payee_billing_address: json(POISONED),
      customer: json('{"name":"John Doe","email":"doe@example.com","__proto__":{"polluted":"x"}}'),
    });
    const res = await rawJson(
      'POST',
      '/api/v1/session',
      JSON.stringify(body).replace(/^\{/, '{"__proto__":{"polluted":"x"},"constructor":{"a":1},'),
    );
    expect(res.status).toBe(200);
    const { session } = await storedSession(res.body.redirect_url as string);
    expect(session.customData).toEqual({ a: 'b' });
    expect(session.parameters).toEqual({ a: 'b' });
    expect(session.payee).toEqual({ a: 'b' });
    expect(session.payeeBillingAddress).toEqual({ a: 'b' });
    clean(session);
  });

  it('ignores them in crypto too', async () => {
    const res = await rawJson(
      'POST',
      '/api/v1/session',
      JSON.stringify(sessionBody(merchant, { crypto: json('{"network":"TRC20","__proto__":{"polluted":"x"}}') })),
    );
    expect(res.status).toBeLessThan(500);
  });
});

describe('S2S: form and multipart', () => {
  const shopCallback = (transId: string) => eventually(() => shop.received.find((c) => c.fields.trans_id === transId));

  it('S2S APM custom_data[...] in a form body: the callback echoes only the real keys', async () => {
    const body = `${encodeForm(apmSale(merchant, { custom_data: { a: 'b' } }))}&${POISON_PAIRS}`;
    const res = await fetch(`${platform.url}/post-va`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    const answer = (await res.json()) as any;
    expect(answer.result).toBe('SUCCESS');
    const cb = await shopCallback(answer.trans_id);
    expect(cb.fields.custom_data).toEqual({ a: 'b' });
    expect(cb.raw).not.toMatch(/polluted|__proto__|constructor|prototype/);
  });

  it('S2S APM as multipart/form-data: the same', async () => {
    const form = new FormData();
    for (const [k, v] of new URLSearchParams(`${encodeForm(apmSale(merchant, { custom_data: { a: 'b' } }))}&${POISON_PAIRS}`))
      form.append(k, v);
    const res = await fetch(`${platform.url}/post-va`, { method: 'POST', body: form });
    const answer = (await res.json()) as any;
    expect(answer.result).toBe('SUCCESS');
    const cb = await shopCallback(answer.trans_id);
    expect(cb.fields.custom_data).toEqual({ a: 'b' });
    expect(cb.raw).not.toMatch(/polluted|__proto__|constructor|prototype/);
  });

  it('S2S CARD with prototype keys at the top: an ordinary SALE', async () => {
    const body = `${encodeForm(saleFields(merchant))}&__proto__[polluted]=x&constructor[prototype][polluted]=x`;
    const res = await fetch(`${platform.url}/post`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    expect(((await res.json()) as any).result).toBe('SUCCESS');
  });
});

describe('the merchant API', () => {
  it('a signed clock move with prototype keys beside its one field moves the clock', async () => {
    const other = await testMerchant();
    const path = '/api/v1/merchant/clock';
    const body = '{"advance_by":"1d","__proto__":{"reset":true},"constructor":{"set":"x"}}';
    const headers = signRequest(other.clientKey, other.password, { method: 'POST', path, query: '', body });
    const res = await rawJson('POST', path, body, headers);
    expect(res.status).toBe(200);
    expect(res.body.offset).toBe('+1d');
  });
});

describe('hosted fields token and Checkout operations never answer 5xx to such keys', () => {
  it('session token with prototype keys at the top and in customer', async () => {
    const body = tokenBody(merchant, {
      customer: json('{"name":"John Doe","email":"doe@example.com","constructor":{"prototype":{"x":1}}}'),
    });
    const res = await rawJson('POST', '/api/v1/session/token', JSON.stringify(body).replace(/^\{/, '{"__proto__":{"operation":"debit"},'));
    expect(res.status).toBe(200);
  });

  it('an operation body that is only a prototype key is refused as a body without fields', async () => {
    const res = await rawJson('POST', '/api/v1/payment/status', '{"__proto__":{"merchant_key":"x"}}');
    expect(res.status).toBe(400);
    expect(res.body.http_code).toBe(400);
  });
});

describe('update never sees a key the merchant did not send', () => {
  it('update body keys named like prototypes are not "parameters that can not be updated"', async () => {
    const { token } = await createToken(platform.url, merchant);
    const res = await update(platform.url, token, json('{"order_amount":"12.00","constructor":{"x":1}}'));
    expect(res.status).toBe(200);
  });
});

describe('the console API', () => {
  it('a routing table with prototype keys in it and beside it is saved without them', async () => {
    const operator = await signInConsole(platform.url, `ops-${Date.now()}@proto.example`, 'operator');
    const path = `/merchants/${merchant.clientKey}/routing`;
    const version = ((await operator.get(path)).body.routing.version as number) ?? 0;
    const body = json(
      `{"expected_version":${version},"__proto__":{"expected_version":99},"routing":{"rules":[],"maxAttempts":2,"constructor":{"prototype":{"polluted":"x"}}}}`,
    );
    const saved = await operator.send('PUT', path, body);
    expect(saved.status).toBe(200);
    expect(saved.body.routing).toMatchObject({ version: version + 1, rules: [] });
    const stored = (await deps().merchants.get(merchant.clientKey))!.routing;
    clean(stored);
  });
});
