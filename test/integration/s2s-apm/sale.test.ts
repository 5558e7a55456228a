/**
 * S2S APM SALE at /post-va through the real gateway: vcard outcomes, auth=Y, signed callbacks (checked with the
 * documented algorithm), callback_url, field rules, hash, unknown brand, zero amount, idempotency, REDIRECT flow.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { eventually, postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { callbacksSettled } from '../../support/drained.js';
import { saleFields } from '../../support/s2s.js';
import { FAIL_ID, REDIRECT_FAIL_ID, REDIRECT_ID, apmFollowUp, apmSale, expectedCallbackHash } from './support.js';

const platform = usePlatform();
let merchant: Merchant;
let shop: MerchantServer;
let other: MerchantServer;
let post: (fields: Record<string, unknown>) => Promise<{ status: number; body: any }>;

beforeAll(async () => {
  shop = await startMerchantServer();
  other = await startMerchantServer();
  merchant = await testMerchant({ notificationUrl: shop.url });
  post = (fields) => postForm(`${platform.url}/post-va`, fields as never);
});
afterAll(async () => {
  await shop?.close();
  await other?.close();
});

const callbacks = (server: MerchantServer, transId: string) => server.received.filter((c) => c.fields.trans_id === transId);
const status = async (transId: string) => (await post(apmFollowUp(merchant, 'GET_TRANS_STATUS', transId))).body;
const errorsOf = (body: any): string[] => body.errors.map((e: { error_message: string }) => e.error_message);

describe('SALE outcomes (brand vcard)', () => {
  it('success@gmail.com: SUCCESS/SETTLED, and a SALE callback signed with the APM callback signature', async () => {
    const req = apmSale(merchant);
    const res = await post(req);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      action: 'SALE',
      result: 'SUCCESS',
      status: 'SETTLED',
      order_id: req.order_id,
      trans_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      trans_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      descriptor: expect.any(String),
      amount: '10.00',
      currency: 'USD',
    });
    const cb = await eventually(() => callbacks(shop, res.body.trans_id)[0]);
    expect(cb.fields).toMatchObject({
      action: 'SALE',
      result: 'SUCCESS',
      status: 'SETTLED',
      order_id: req.order_id,
      amount: '10.00',
      currency: 'USD',
      brand: 'vcard',
    });
    expect(cb.fields.hash).toBe(expectedCallbackHash(cb.fields, merchant.password));
    // The signature covers every field: a changed value no longer verifies.
    expect(expectedCallbackHash({ ...cb.fields, amount: '10.01' }, merchant.password)).not.toBe(cb.fields.hash);
    expect((await status(res.body.trans_id)).status).toBe('SETTLED');
  });

  it('fail@gmail.com: DECLINED/DECLINED with decline_reason, in the answer and the signed callback', async () => {
    const res = await post(apmSale(merchant, { identifier: FAIL_ID }));
    expect(res.body).toMatchObject({ action: 'SALE', result: 'DECLINED', status: 'DECLINED', decline_reason: 'Declined by processing.' });
    const cb = await eventually(() => callbacks(shop, res.body.trans_id)[0]);
    expect(cb.fields).toMatchObject({ result: 'DECLINED', status: 'DECLINED', decline_reason: 'Declined by processing.' });
    expect(cb.fields.hash).toBe(expectedCallbackHash(cb.fields, merchant.password));
    expect(await status(res.body.trans_id)).toMatchObject({ status: 'DECLINED', decline_reason: 'Declined by processing.' });
  });

  it('an identifier the sandbox does not know is declined, saying so', async () => {
    const res = await post(apmSale(merchant, { identifier: 'someone@example.com' }));
    expect(res.body).toMatchObject({ result: 'DECLINED', status: 'DECLINED', decline_reason: 'Unknown sandbox identifier.' });
  });

  it('auth=Y holds the funds (SUCCESS/PENDING); any other auth value is a sale', async () => {
    expect((await post(apmSale(merchant, { auth: 'Y' }))).body).toMatchObject({ result: 'SUCCESS', status: 'PENDING' });
    expect((await post(apmSale(merchant, { auth: 'y' }))).body).toMatchObject({ result: 'SUCCESS', status: 'SETTLED' });
    expect((await post(apmSale(merchant, { auth: 'N' }))).body).toMatchObject({ result: 'SUCCESS', status: 'SETTLED' });
  });

  it('custom_data is echoed in the callback and covered by its signature', async () => {
    const res = await post(apmSale(merchant, { custom_data: { basket: 'B-1', tags: ['x', 'y'] } }));
    const cb = await eventually(() => callbacks(shop, res.body.trans_id)[0]);
    expect(cb.fields.custom_data).toEqual({ basket: 'B-1', tags: ['x', 'y'] });
    expect(cb.raw).toContain('custom_data%5Bbasket%5D=B-1');
    expect(cb.fields.hash).toBe(expectedCallbackHash(cb.fields, merchant.password));
    expect(expectedCallbackHash({ ...cb.fields, custom_data: { basket: 'B-2', tags: ['x', 'y'] } }, merchant.password)).not.toBe(
      cb.fields.hash,
    );
  });
});

describe('callback_url', () => {
  it('overrides the notification URL for every callback of the payment (SALE, CAPTURE, CREDITVOID)', async () => {
    const res = await post(apmSale(merchant, { auth: 'Y', callback_url: other.url }));
    const id = res.body.trans_id as string;
    expect((await post(apmFollowUp(merchant, 'CAPTURE', id, { amount: '4.00' }))).body.result).toBe('SUCCESS');
    expect((await post(apmFollowUp(merchant, 'CREDITVOID', id, { amount: '1.00' }))).body.result).toBe('ACCEPTED');
    const cbs = await eventually(() => (callbacks(other, id).length === 3 ? callbacks(other, id) : undefined));
    expect(cbs.map((c) => c.fields.action)).toEqual(['SALE', 'CAPTURE', 'CREDITVOID']);
    for (const cb of cbs) expect(cb.fields.hash).toBe(expectedCallbackHash(cb.fields, merchant.password));
    expect(callbacks(shop, id)).toHaveLength(0);
  });

  it('must be a URL of at most 255 characters', async () => {
    const long = await post(apmSale(merchant, { callback_url: `https://shop.example/${'a'.repeat(250)}` }));
    expect(errorsOf(long.body)).toEqual(['callback_url: This value is too long. It should have 255 characters or less.']);
    const bad = await post(apmSale(merchant, { callback_url: 'not a url' }));
    expect(errorsOf(bad.body)).toEqual(['callback_url: This value is not a valid URL.']);
  });
});

describe('request rules', () => {
  it('reports every missing field at once, with the protocol texts', async () => {
    const res = await post({ action: 'SALE', client_key: merchant.clientKey });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ action: 'SALE', result: 'ERROR', error_code: 100000, error_message: 'Request data is invalid.' });
    expect(errorsOf(res.body)).toEqual(
      expect.arrayContaining([
        'brand: This value should not be blank.',
        'order_id: This value should not be blank.',
        'order_amount: This value should not be blank.',
        'order_currency: This value should not be blank.',
        'order_description: This value should not be blank.',
        'payer_ip: This value should not be blank.',
        'return_url: This value should not be blank.',
        'hash: This value should not be blank.',
      ]),
    );
  });

  it('vcard needs the identifier; lengths and formats are checked', async () => {
    const res = await post(
      apmSale(merchant, {
        identifier: undefined,
        brand: 'vcard',
        order_amount: '10.5',
        payer_ip: '999.1.1.1',
        return_url: 'ftp://x',
        hash: 'x',
      }),
    );
    expect(errorsOf(res.body)).toEqual(
      expect.arrayContaining([
        'identifier: This value should not be blank.',
        'order_amount: This value is not valid.',
        'payer_ip: This is not a valid IP address.',
        'return_url: This value is not a valid URL.',
      ]),
    );
    const long = await post(apmSale(merchant, { brand: 'b'.repeat(37) }));
    expect(errorsOf(long.body)).toContain('brand: This value is too long. It should have 36 characters or less.');
  });

  it('parameters[...] must be a group; vcard takes no extra parameters and ignores any sent', async () => {
    expect(errorsOf((await post(apmSale(merchant, { parameters: 'abc' }))).body)).toEqual(['parameters: This value is not valid.']);
    expect((await post(apmSale(merchant, { parameters: { anything: 'x' } }))).body).toMatchObject({ result: 'SUCCESS' });
  });

  it('payer_phone_country_code: digits up to 10 characters, hyphens allowed', async () => {
    expect((await post(apmSale(merchant, { payer_phone_country_code: '1-684' }))).body.result).toBe('SUCCESS');
    for (const bad of ['+44', '12345678901', '1--2']) {
      expect(errorsOf((await post(apmSale(merchant, { payer_phone_country_code: bad }))).body)).toEqual([
        'payer_phone_country_code: This value is not valid.',
      ]);
    }
  });

  it('payer_language is never rejected (unknown codes fall back to English); payer_state only for CA, US, JP, AU, IN', async () => {
    const res = await post(apmSale(merchant, { payer_language: 'XX-unknown', payer_country: 'DE', payer_state: '!!!' + 'x'.repeat(100) }));
    expect(res.body.result).toBe('SUCCESS');
    const p = await deps().payments.get(res.body.trans_id);
    expect(p!.details.payerLanguage).toBe('en');
    expect((p!.details.payer as Record<string, string>).payer_state).toBeUndefined();
    const ar = await post(apmSale(merchant, { payer_language: 'AR' }));
    expect((await deps().payments.get(ar.body.trans_id))!.details.payerLanguage).toBe('ar');
  });

  it('a wrong hash is "hash: Hash is not valid."; an unknown client_key answers the same; an unknown action is refused', async () => {
    const bad = await post(apmSale(merchant, { hash: 'a'.repeat(32) }));
    expect(bad.status).toBe(400);
    expect(errorsOf(bad.body)).toEqual(['hash: Hash is not valid.']);
    // The hash covers order_amount exactly as sent.
    const req = apmSale(merchant);
    expect(errorsOf((await post({ ...req, order_amount: '11.00' })).body)).toEqual(['hash: Hash is not valid.']);
    const unknown = await post(apmSale(merchant, { client_key: '6b3a0c4e-0000-4000-8000-000000000000' }));
    expect(unknown.status).toBe(400);
    expect(errorsOf(unknown.body)).toEqual(['hash: Hash is not valid.']);
    expect((await post({ action: 'CREDIT2CRYPTOS', client_key: merchant.clientKey })).body.errors[0].error_message).toBe(
      'action: The value you selected is not a valid choice.',
    );
  });

  it('an unknown brand is 204004 "Payment method is not supported."', async () => {
    const res = await post(apmSale(merchant, { brand: 'paypal' }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ result: 'ERROR', error_code: 204004, error_message: 'Payment method is not supported.' });
  });

  it('amount zero: refused for a plain SALE; with auth=Y it needs a MID that takes zero-value payments', async () => {
    expect(errorsOf((await post(apmSale(merchant, { order_amount: '0.00' }))).body)).toEqual([
      'amount: This value should be greater than 0.',
    ]);
    expect(errorsOf((await post(apmSale(merchant, { order_amount: '0.00', auth: 'Y' }))).body)).toEqual([
      'amount: This value should be greater than 0.',
    ]);
    const zeroMerchant = await testMerchant({ notificationUrl: shop.url, mids: [{ zeroAmount: true }] });
    expect((await post(apmSale(zeroMerchant, { order_amount: '0.00', auth: 'Y' }))).body).toMatchObject({
      result: 'SUCCESS',
      status: 'PENDING',
      amount: '0.00',
    });
  });

  it('auth=Y needs a DMS-capable MID (204002 with an SMS-only merchant)', async () => {
    const smsOnly = await testMerchant({ mids: [{ paymentMode: 'SMS' }] });
    expect((await post(apmSale(smsOnly, { auth: 'Y' }))).body).toMatchObject({ result: 'ERROR', error_code: 204002 });
    expect((await post(apmSale(smsOnly))).body).toMatchObject({ result: 'SUCCESS', status: 'SETTLED' });
  });
});

describe('idempotency', () => {
  it('the same request body again gets the first answer; concurrent duplicates make one payment', async () => {
    const req = apmSale(merchant);
    const first = await post(req);
    const again = await post(req);
    expect(again.body).toEqual(first.body);

    const dup = apmSale(merchant);
    const results = await Promise.all(Array.from({ length: 5 }, () => post(dup)));
    const ids = new Set(results.filter((r) => r.status === 200).map((r) => r.body.trans_id));
    expect(ids.size).toBe(1);
    for (const r of results.filter((r) => r.status !== 200)) expect(r.status).toBe(409);
    expect(await deps().payments.findByOrder(merchant.clientKey, dup.order_id as string, 10)).toHaveLength(1);
  });
});

describe('REDIRECT flow (redirect@gmail.com, redirect-fail@gmail.com)', () => {
  const openPage = async (url: string) => {
    const res = await fetch(url);
    return { status: res.status, text: await res.text() };
  };
  const decide = (transId: string, token: string, decision: string) =>
    fetch(`${platform.url}/post-va/redirect/${transId}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token, decision }).toString(),
    });

  it('answers REDIRECT with the method page; paying there settles, returns the payer and sends one callback', async () => {
    const res = await post(apmSale(merchant, { identifier: REDIRECT_ID }));
    expect(res.body).toMatchObject({ result: 'REDIRECT', status: 'REDIRECT', redirect_method: 'GET', redirect_params: [] });
    const url = new URL(res.body.redirect_url);
    const id = res.body.trans_id as string;
    expect(url.pathname).toBe(`/post-va/redirect/${id}`);
    const page = await openPage(res.body.redirect_url);
    expect(page.status).toBe(200);
    expect(page.text).toContain('10.00 USD');
    // The page needs its token.
    expect((await openPage(`${platform.url}/post-va/redirect/${id}?token=wrong`)).status).toBe(404);

    const done = await decide(id, url.searchParams.get('token')!, 'approve');
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('https://merchant.example/return');
    expect((await status(id)).status).toBe('SETTLED');
    const cb = await eventually(() => callbacks(shop, id)[0]);
    expect(cb.fields).toMatchObject({ action: 'SALE', result: 'SUCCESS', status: 'SETTLED' });
    expect(cb.fields.hash).toBe(expectedCallbackHash(cb.fields, merchant.password));
    // The link dies with the payment's completion; no callback was sent for the redirect step itself.
    expect((await decide(id, url.searchParams.get('token')!, 'approve')).status).toBe(404);
    await callbacksSettled(platform, [id]);
    expect(callbacks(shop, id)).toHaveLength(1);
  });

  it('auth=Y through the page ends PENDING; redirect-fail@gmail.com and a cancel end DECLINED', async () => {
    const held = await post(apmSale(merchant, { identifier: REDIRECT_ID, auth: 'Y' }));
    await decide(held.body.trans_id, new URL(held.body.redirect_url).searchParams.get('token')!, 'approve');
    expect((await status(held.body.trans_id)).status).toBe('PENDING');

    const failing = await post(apmSale(merchant, { identifier: REDIRECT_FAIL_ID }));
    await decide(failing.body.trans_id, new URL(failing.body.redirect_url).searchParams.get('token')!, 'approve');
    expect((await status(failing.body.trans_id)).status).toBe('DECLINED');

    const cancelled = await post(apmSale(merchant, { identifier: REDIRECT_ID }));
    await decide(cancelled.body.trans_id, new URL(cancelled.body.redirect_url).searchParams.get('token')!, 'cancel');
    expect(await status(cancelled.body.trans_id)).toMatchObject({ status: 'DECLINED', decline_reason: 'Cancelled by the payer.' });
    const cb = await eventually(() => callbacks(shop, cancelled.body.trans_id)[0]);
    expect(cb.fields).toMatchObject({ result: 'DECLINED', decline_reason: 'Cancelled by the payer.' });
  });

  it('a double submit of the page completes the payment once', async () => {
    const res = await post(apmSale(merchant, { identifier: REDIRECT_ID }));
    const token = new URL(res.body.redirect_url).searchParams.get('token')!;
    await Promise.all([
      decide(res.body.trans_id, token, 'approve'),
      decide(res.body.trans_id, token, 'approve'),
      decide(res.body.trans_id, token, 'approve'),
    ]);
    const p = await deps().payments.get(res.body.trans_id);
    expect(p!.history.filter((h) => h.type === 'SALE')).toHaveLength(1);
    await callbacksSettled(platform, [res.body.trans_id]);
    expect(callbacks(shop, res.body.trans_id)).toHaveLength(1);
  });
});

describe('protocols stay apart', () => {
  it('a S2S CARD payment is not found through /post-va', async () => {
    const card = await postForm(`${platform.url}/post`, saleFields(merchant) as never);
    const res = await post(apmFollowUp(merchant, 'GET_TRANS_STATUS', card.body.trans_id));
    expect(res.body).toMatchObject({ result: 'ERROR', error_code: 101000, error_message: 'Transaction does not exist.' });
  });
});
