/**
 * Merchant authentication leaks nothing: on every merchant API an unknown key gets byte for byte the answer a known
 * key with a wrong hash gets (status and body), so client keys cannot be enumerated; a call from outside the
 * merchant's API IP allowlist gets that same answer, even with a correct hash.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { encodeForm, type FormValue } from '../../../shared/protocol/form.js';
import { checkoutHash } from '../../../shared/protocol/signature.js';
import { testMerchant, usePlatform } from '../../support/platform.js';
import { saleFields, transIdFields } from '../../support/s2s.js';
import { apmFollowUp, apmSale } from '../s2s-apm/support.js';
import { sessionBody } from '../checkout/support.js';
import { tokenBody } from '../hosted-fields/support.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { merchantSettings } from '../../../shared/operations/admin/merchants.js';

const platform = usePlatform();
let merchant: Merchant;
const UNKNOWN_KEY = '6b3a0c4e-1234-4000-8000-000000000000';
const PAYMENT_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

beforeAll(async () => {
  merchant = await testMerchant();
});

const checkoutIdHash = (m: Merchant, id: string) => checkoutHash([id], m.password);

interface Raw {
  status: number;
  text: string;
}

async function form(path: string, fields: Record<string, FormValue | undefined>): Promise<Raw> {
  const res = await fetch(`${platform.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: encodeForm(fields),
  });
  return { status: res.status, text: await res.text() };
}

async function json(path: string, body: Record<string, unknown>): Promise<Raw> {
  const res = await fetch(`${platform.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, text: await res.text() };
}

/** Each case: a request signed with a wrong hash by a known merchant, sent again under an unknown key. */
const cases: Array<{ name: string; send: (key: string) => Promise<Raw>; status: number }> = [
  {
    name: 'S2S CARD /post SALE',
    status: 400,
    send: (key) => form('/post', { ...saleFields(merchant, { hash: 'a'.repeat(32) }), client_key: key }),
  },
  {
    name: 'S2S CARD /v2/post SALE',
    status: 400,
    send: (key) => form('/v2/post', { ...saleFields(merchant, { hash: 'a'.repeat(32), order_id: 'same-order' }), client_key: key }),
  },
  {
    name: 'S2S CARD /post GET_TRANS_STATUS_BY_ORDER',
    status: 400,
    send: (key) => form('/post', { action: 'GET_TRANS_STATUS_BY_ORDER', client_key: key, order_id: 'no-such-order', hash: 'a'.repeat(32) }),
  },
  {
    name: 'S2S CARD /post GET_TRANS_STATUS',
    status: 400,
    send: (key) => form('/post', { ...transIdFields(merchant, 'GET_TRANS_STATUS', PAYMENT_ID), client_key: key, hash: 'b'.repeat(32) }),
  },
  {
    name: 'S2S CARD /post CREATE_SCHEDULE',
    status: 400,
    send: (key) =>
      form('/post', {
        action: 'CREATE_SCHEDULE',
        client_key: key,
        name: 'Monthly',
        interval_length: '1',
        interval_unit: 'month',
        hash: 'c'.repeat(32),
      }),
  },
  {
    name: 'S2S APM /post-va SALE',
    status: 400,
    send: (key) => form('/post-va', { ...apmSale(merchant, { hash: 'a'.repeat(32), order_id: 'apm-same' }), client_key: key }),
  },
  {
    name: 'S2S APM /post-va GET_TRANS_STATUS',
    status: 400,
    send: (key) => form('/post-va', { ...apmFollowUp(merchant, 'GET_TRANS_STATUS', PAYMENT_ID), client_key: key, hash: 'd'.repeat(32) }),
  },
  {
    name: 'Checkout /api/v1/session',
    status: 400,
    send: (key) =>
      json('/api/v1/session', { ...sessionBody(merchant, { hash: 'a'.repeat(40), order: { number: 'order-same' } }), merchant_key: key }),
  },
  {
    name: 'Checkout /api/v1/payment/status',
    status: 400,
    send: (key) => json('/api/v1/payment/status', { merchant_key: key, payment_id: PAYMENT_ID, hash: 'a'.repeat(40) }),
  },
  {
    name: 'Checkout /api/v1/payment/refund',
    status: 400,
    send: (key) => json('/api/v1/payment/refund', { merchant_key: key, payment_id: PAYMENT_ID, amount: '1.00', hash: 'a'.repeat(40) }),
  },
  {
    name: 'Checkout /api/v1/payment/recurring',
    status: 400,
    send: (key) =>
      json('/api/v1/payment/recurring', {
        merchant_key: key,
        recurring_init_trans_id: PAYMENT_ID,
        recurring_token: 'e'.repeat(36),
        order: { number: 'r-1', amount: '1.00', description: 'Monthly' },
        hash: 'a'.repeat(40),
      }),
  },
  {
    name: 'Hosted fields /api/v1/session/token',
    status: 401,
    send: (key) =>
      json('/api/v1/session/token', { ...tokenBody(merchant, { hash: 'a'.repeat(40), order: { number: 'hf-same' } }), merchant_key: key }),
  },
];

describe('an unknown key answers exactly like a wrong hash', () => {
  it.each(cases)('$name', async ({ send, status }) => {
    const badHash = await send(merchant.clientKey);
    const unknown = await send(UNKNOWN_KEY);
    expect(badHash.status).toBe(status);
    expect(unknown).toEqual(badHash);
  });

  it('a key too long for any merchant (beyond DynamoDB key sizes) answers the same, not a 500', async () => {
    const huge = 'k'.repeat(4000);
    for (const c of cases) expect(await c.send(huge)).toEqual(await c.send(merchant.clientKey));
  });

  it('the answer names the hash, never the key', async () => {
    const unknown = await form('/post', { ...saleFields(merchant), client_key: UNKNOWN_KEY });
    expect(JSON.parse(unknown.text)).toEqual({
      action: 'SALE',
      result: 'ERROR',
      http_code: 400,
      error_code: 100000,
      error_message: 'Request data is invalid.',
      errors: [{ error_code: 100000, error_message: 'hash: Hash is not valid.' }],
    });
  });

  it('an invalid request under an unknown key gets the same field errors as under a known key', async () => {
    const fields = saleFields(merchant, { card_number: '', payer_email: 'not-an-email' });
    const known = await form('/post', fields);
    const unknown = await form('/post', { ...fields, client_key: UNKNOWN_KEY });
    expect(known.status).toBe(400);
    expect(unknown).toEqual(known);
  });
});

describe('API IP allowlist (the local gateway reports 127.0.0.1 as the source)', () => {
  async function allow(m: Merchant, list: string[]): Promise<void> {
    const d = deps();
    const current = (await d.merchants.get(m.clientKey))!.merchant;
    await d.merchants.update(m.clientKey, merchantSettings(current, { apiIpAllowlist: list }));
  }

  /** Correctly signed requests; `key` replaces the merchant's key. */
  const signed: Array<{ name: string; ok: number; send: (m: Merchant, key?: string) => Promise<Raw> }> = [
    {
      name: 'S2S CARD /post SALE',
      ok: 200,
      send: (m, key) => form('/post', { ...saleFields(m, { order_id: 'ip-1' }), client_key: key ?? m.clientKey }),
    },
    {
      name: 'S2S CARD /v2/post SALE',
      ok: 200,
      send: (m, key) => form('/v2/post', { ...saleFields(m, { order_id: 'ip-2' }), client_key: key ?? m.clientKey }),
    },
    {
      name: 'S2S APM /post-va SALE',
      ok: 200,
      send: (m, key) => form('/post-va', { ...apmSale(m, { order_id: 'ip-3' }), client_key: key ?? m.clientKey }),
    },
    {
      name: 'Checkout /api/v1/session',
      ok: 200,
      send: (m, key) => json('/api/v1/session', { ...sessionBody(m, { order: { number: 'ip-4' } }), merchant_key: key ?? m.clientKey }),
    },
    {
      name: 'Checkout /api/v1/payment/status',
      ok: 400, // a payment that does not exist: past authentication
      send: (m, key) =>
        json('/api/v1/payment/status', { merchant_key: key ?? m.clientKey, payment_id: PAYMENT_ID, hash: checkoutIdHash(m, PAYMENT_ID) }),
    },
    {
      name: 'Hosted fields /api/v1/session/token',
      ok: 200,
      send: (m, key) => json('/api/v1/session/token', { ...tokenBody(m, { order: { number: 'ip-5' } }), merchant_key: key ?? m.clientKey }),
    },
  ];

  it.each(signed)('$name: refused from outside the list exactly like an unknown key; allowed from inside', async ({ send, ok }) => {
    const shop = await testMerchant();
    await allow(shop, ['203.0.113.0/24', '198.51.100.7', '2001:db8::/32']);
    const refused = await send(shop);
    const unknown = await send(shop, UNKNOWN_KEY);
    expect(refused.status).not.toBe(200);
    expect(refused).toEqual(unknown);
    if (ok === 400)
      expect(JSON.parse(refused.text).error_message).not.toBe(JSON.parse((await allowedAnswer(shop, send)).text).error_message);

    await allow(shop, ['198.51.100.7', '127.0.0.0/8']);
    expect((await send(shop)).status).toBe(ok);
    await allow(shop, []);
    expect((await send(shop)).status).toBe(ok);
  });

  async function allowedAnswer(m: Merchant, send: (m: Merchant) => Promise<Raw>): Promise<Raw> {
    await allow(m, ['127.0.0.1']);
    const res = await send(m);
    await allow(m, ['203.0.113.0/24']);
    return res;
  }

  it('the admin setting takes v4/v6 CIDR blocks and single addresses, refuses anything else, and "none" clears it', async () => {
    const shop = await testMerchant();
    const current = (await deps().merchants.get(shop.clientKey))!.merchant;
    expect(merchantSettings(current, { apiIpAllowlist: ['203.0.113.0/24', '198.51.100.7', '2001:db8::/48'] })).toEqual({
      apiIpAllowlist: ['203.0.113.0/24', '198.51.100.7', '2001:db8::/48'],
    });
    expect(merchantSettings(current, { apiIpAllowlist: [] })).toEqual({ apiIpAllowlist: null });
    expect(() => merchantSettings(current, { apiIpAllowlist: ['203.0.113.0/33', 'shop.example'] })).toThrow(
      'api_ip_allowlist: Not an IP address or CIDR block: 203.0.113.0/33, shop.example',
    );
  });
});
