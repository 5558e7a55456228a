/** SALE variants (auth, req_token/card_token, recurring_init) and the recurring actions built on them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { eventually, postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { recurringFields, saleFields, tokenSaleFields, transIdFields } from '../../support/s2s.js';

const platform = usePlatform();
let merchant: Merchant;
let shop: MerchantServer;
let post: (fields: Record<string, unknown>) => Promise<{ status: number; body: any }>;

beforeAll(async () => {
  shop = await startMerchantServer();
  merchant = await testMerchant({ notificationUrl: shop.url });
  post = (fields) => postForm(`${platform.url}/post`, fields as never);
});
afterAll(async () => {
  await shop?.close();
});

const callbacksFor = (transId: string) => shop.received.filter((c) => c.fields.trans_id === transId);

describe('SALE auth flag', () => {
  it('auth=Y holds funds (PENDING); any other value is an immediate sale', async () => {
    expect((await post(saleFields(merchant, { auth: 'Y' }))).body).toMatchObject({ result: 'SUCCESS', status: 'PENDING' });
    expect((await post(saleFields(merchant, { auth: 'y' }))).body).toMatchObject({ result: 'SUCCESS', status: 'SETTLED' });
    expect((await post(saleFields(merchant, { auth: 'N' }))).body).toMatchObject({ result: 'SUCCESS', status: 'SETTLED' });
  });
});

describe('card tokens', () => {
  it('req_token=Y returns a 64-character card_token; a later SALE by token alone (Formula 1-token) works', async () => {
    const first = await post(saleFields(merchant, { req_token: 'Y' }));
    expect(first.body.result).toBe('SUCCESS');
    expect(first.body.card_token).toMatch(/^[0-9a-f]{64}$/);

    const second = await post(tokenSaleFields(merchant, first.body.card_token, { order_amount: '3.00' }));
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ result: 'SUCCESS', status: 'SETTLED', amount: '3.00' });
    const status = await post(transIdFields(merchant, 'GET_TRANS_STATUS', second.body.trans_id));
    expect(status.body).toMatchObject({ card: '411111****1111', card_expiration_date: '01/2038' });
  });

  it('rejects a token SALE signed with the card formula, and an unknown token as an invalid identifier', async () => {
    const first = await post(saleFields(merchant, { req_token: 'Y' }));
    const wrongHash = await post(tokenSaleFields(merchant, first.body.card_token, { hash: saleFields(merchant).hash as string }));
    expect(wrongHash.body.errors).toEqual([{ error_code: 100000, error_message: 'hash: Hash is not valid.' }]);
    const unknown = await post(tokenSaleFields(merchant, 'ab'.repeat(32)));
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ result: 'ERROR', error_code: 100000, error_message: 'This value is not correct.' });
  });

  it('another merchant cannot use the token', async () => {
    const first = await post(saleFields(merchant, { req_token: 'Y' }));
    const other = await testMerchant();
    const res = await post(tokenSaleFields(other, first.body.card_token));
    expect(res.body).toMatchObject({ result: 'ERROR', error_message: 'This value is not correct.' });
  });

  it('a declined SALE issues no token', async () => {
    const res = await post(saleFields(merchant, { req_token: 'Y', recurring_init: 'Y', card_exp_month: '02' }));
    expect(res.body.result).toBe('DECLINED');
    expect(res.body.card_token).toBeUndefined();
    expect(res.body.recurring_token).toBeUndefined();
  });
});

describe('recurring', () => {
  async function initialPair(extra: Record<string, string> = {}) {
    const res = await post(saleFields(merchant, { recurring_init: 'Y', ...extra }));
    expect(res.body.recurring_token).toEqual(expect.any(String));
    return { transId: res.body.trans_id as string, token: res.body.recurring_token as string };
  }

  it('recurring_init=Y returns a recurring_token; RECURRING_SALE charges the card and echoes its own custom_data', async () => {
    const pair = await initialPair({ 'custom_data[source]': 'initial' } as never);
    const res = await post(recurringFields(merchant, pair, { 'custom_data[source]': 'recurring' } as never));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ action: 'RECURRING_SALE', result: 'SUCCESS', status: 'SETTLED', amount: '5.00', currency: 'USD' });
    expect(res.body.trans_id).not.toBe(pair.transId);

    const cb = await eventually(() => callbacksFor(res.body.trans_id)[0]);
    expect(cb.fields).toMatchObject({
      action: 'RECURRING_SALE',
      result: 'SUCCESS',
      status: 'SETTLED',
      custom_data: { source: 'recurring' },
      recurring_init_trans_id: pair.transId,
    });
    const status = await post(transIdFields(merchant, 'GET_TRANS_STATUS', res.body.trans_id));
    expect(status.body).toMatchObject({ status: 'SETTLED', card: '411111****1111' });
  });

  it('RECURRING_DEBIT charges the pair as a debit', async () => {
    const pair = await initialPair();
    const res = await post(recurringFields(merchant, pair, {}, { action: 'RECURRING_DEBIT' }));
    expect(res.body).toMatchObject({ action: 'RECURRING_DEBIT', result: 'SUCCESS', status: 'SETTLED' });
  });

  it('an unknown or mismatched pair is "Incorrect transaction"', async () => {
    const pair = await initialPair();
    const other = await initialPair();
    for (const bad of [
      { transId: pair.transId, token: other.token },
      { transId: '00000000-0000-4000-8000-000000000000', token: pair.token },
      { transId: pair.transId, token: 'not-a-token' },
    ]) {
      const res = await post(recurringFields(merchant, bad));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ result: 'ERROR', error_code: 100000, error_message: 'Incorrect transaction' });
    }
  });

  it('a recurring request with a wrong hash is rejected and charges nothing', async () => {
    const pair = await initialPair();
    const res = await post(recurringFields(merchant, pair, {}, { email: 'other@example.com' }));
    expect(res.body.errors).toEqual([{ error_code: 100000, error_message: 'hash: Hash is not valid.' }]);
  });
});

describe('custom_data holding a card number', () => {
  it('is kept and echoed masked (first 6, last 4), never as sent', async () => {
    const post = (fields: Record<string, unknown>) => postForm(`${platform.url}/post`, fields as never);
    const res = await post(
      saleFields(merchant, { 'custom_data[card_number]': '4111 1111-1111 1111', 'custom_data[note]': 'gift' } as never),
    );
    expect(res.body).toMatchObject({ result: 'SUCCESS' });
    const status = await post(transIdFields(merchant, 'GET_TRANS_DETAILS', res.body.trans_id));
    expect(JSON.stringify(status.body)).not.toMatch(/4111 1111-1111 1111|4111111111111111/);
    const stored = await deps().payments.get(res.body.trans_id);
    expect(stored?.details.customData).toEqual({ card_number: '411111****1111', note: 'gift' });
    const cb = await eventually(() => shop.received.find((c) => c.fields.trans_id === res.body.trans_id));
    expect(cb.raw).not.toMatch(/4111\+1111-1111\+1111|4111111111111111|4111%201111/);
  });
});
