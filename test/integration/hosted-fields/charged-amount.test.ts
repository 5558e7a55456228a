/**
 * Security issue 8 item 5: the session Token is in the payer's browser, and the protocol lets the Token alone update
 * the session (a 100.00 order lowered to 0.01 and settled while the merchant read only `success`). So: the
 * processing answer and every hosted-fields callback state the amount and currency charged, and a merchant can
 * require its own hash on session updates (hostedFieldsUpdateSignature), which the Token alone cannot make.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { merchantSettings } from '../../../shared/operations/admin/merchants.js';
import { checkoutHash } from '../../../shared/protocol/signature.js';
import { eventually, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { callbackHash, createToken, pay, submitCard, update } from './support.js';

const platform = usePlatform();
let notifications: MerchantServer;
let merchant: Merchant;
let strict: Merchant;

beforeAll(async () => {
  notifications = await startMerchantServer();
  merchant = await testMerchant({ notificationUrl: notifications.url });
  strict = await testMerchant({ notificationUrl: notifications.url });
  const current = (await deps().merchants.get(strict.clientKey))!.merchant;
  await deps().merchants.update(strict.clientKey, merchantSettings(current, { hostedFieldsUpdateSignature: true }));
});
afterAll(async () => {
  await notifications?.close();
});

const callbackFor = (orderNumber: string) =>
  eventually(() => notifications.received.find((c) => c.fields.order_number === orderNumber && c.fields.type === 'sale'));
const HASH_ERROR = {
  http_code: 400,
  error_code: 100000,
  error_message: 'Request data is invalid.',
  errors: [{ error_code: 100000, error_message: 'hash: Hash is not valid.' }],
};
/** What the merchant backend computes: sha1(md5(upper(Token . order_amount . order_currency . description . PASSWORD))). */
const updateHash = (m: Merchant, token: string, amount: string, currency: string, description = 'Blue T-shirt') =>
  checkoutHash([token, amount, currency, description], m.password);

describe('the amount charged is stated', () => {
  it('answers processing and calls back with the amount and currency charged after a Token-only update lowered it', async () => {
    const { token, order } = await createToken(platform.url, merchant, { order: { amount: '100.00' } });
    // The payer's browser has the Token: by the protocol, that is enough to change the amount.
    expect((await update(platform.url, token, { order_amount: '0.01' })).body).toEqual({ result: 'success' });
    await submitCard(platform.url, token);
    const res = await pay(platform.url, token);
    expect(res.body).toMatchObject({ result: 'success', amount: '0.01', currency: 'USD' });
    const cb = await callbackFor(order.number);
    expect(cb.fields).toMatchObject({ amount: '0.01', currency: 'USD', order_amount: '0.01', order_currency: 'USD' });
    expect(cb.fields.hash).toBe(callbackHash(merchant, cb.fields));
  });
});

describe('signed session updates (hostedFieldsUpdateSignature on)', () => {
  it('refuses an update without the merchant hash, or with a hash for another amount, session or currency', async () => {
    const { token } = await createToken(platform.url, strict, { order: { amount: '100.00' } });
    const other = await createToken(platform.url, strict, { order: { amount: '100.00' } });
    const attempts = [
      { order_amount: '0.01' },
      { order_amount: '0.01', hash: '' },
      { order_amount: '0.01', hash: updateHash(strict, token, '100.00', 'USD') },
      { order_amount: '0.01', hash: updateHash(strict, other.token, '0.01', 'USD') },
      { order_amount: '0.01', hash: updateHash(merchant, token, '0.01', 'USD') },
      { order_amount: '0.01', order_currency: 'EUR', hash: updateHash(strict, token, '0.01', 'USD') },
      { custom_data: { a: 1 } },
    ];
    for (const body of attempts) {
      const res = await update(platform.url, token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toEqual(HASH_ERROR);
    }
    await submitCard(platform.url, token);
    expect((await pay(platform.url, token)).body).toMatchObject({ result: 'success', amount: '100.00', currency: 'USD' });
  });

  it('accepts an update signed by the merchant backend, over the amount it will have', async () => {
    const { token, order } = await createToken(platform.url, strict, { order: { amount: '100.00' } });
    expect((await update(platform.url, token, { order_amount: '80.00', hash: updateHash(strict, token, '80.00', 'USD') })).body).toEqual({
      result: 'success',
    });
    // Unsent amount and currency are the current ones (80.00 USD).
    expect(
      (await update(platform.url, token, { custom_data: { basket: '7' }, hash: updateHash(strict, token, '80.00', 'USD') })).body,
    ).toEqual({ result: 'success' });
    await submitCard(platform.url, token);
    expect((await pay(platform.url, token)).body).toMatchObject({ result: 'success', amount: '80.00', currency: 'USD' });
    expect((await callbackFor(order.number)).fields).toMatchObject({ amount: '80.00', currency: 'USD' });
  });

  it('keeps refusing `hash` by name for merchants without the setting (the protocol)', async () => {
    const { token } = await createToken(platform.url, merchant);
    const res = await update(platform.url, token, { order_amount: '5.00', hash: updateHash(merchant, token, '5.00', 'USD') });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ error_code: 100000, error_message: 'Parameter "hash" can not be updated.' }]);
  });
});
