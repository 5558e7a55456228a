/** PUT /api/v1/session/update with the Token header: each of the spec's rules, and what the payment then uses. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { hostedFieldsTokenHash } from '../../../shared/operations/hosted-fields/session.js';
import { eventually, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { call, createToken, pay, submitCard, update } from './support.js';

const platform = usePlatform();
let merchant: Merchant;
let notifications: MerchantServer;

beforeAll(async () => {
  notifications = await startMerchantServer();
  merchant = await testMerchant({ notificationUrl: notifications.url });
});
afterAll(async () => {
  await notifications?.close();
});

const stored = async (token: string) => (await deps().checkoutSessions.getByTokenHash(hostedFieldsTokenHash(token)))!;
const messages = (res: { body: { errors: Array<{ error_message: string }> } }) => res.body.errors.map((e) => e.error_message);
const refused = (res: { status: number; body: any }, text: string) => {
  expect(res.status).toBe(400);
  expect(res.body.error_message).toBe(text);
  expect(messages(res)).toContain(text);
};

describe('PUT /api/v1/session/update', () => {
  it('changes amount and currency; the payment and its callback use the new order', async () => {
    const { token, order } = await createToken(platform.url, merchant);
    await submitCard(platform.url, token);
    const res = await update(platform.url, token, { order_amount: '25.50', order_currency: 'EUR' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: 'success' });
    expect((await stored(token)).order).toMatchObject({ amount: 2550, currency: 'EUR' });
    // The card submitted before the update stays.
    expect((await pay(platform.url, token)).body.result).toBe('success');
    const cb = await eventually(() => notifications.received.find((c) => c.fields.order_number === order.number));
    expect(cb.fields).toMatchObject({ order_amount: '25.50', order_currency: 'EUR' });
  });

  it('needs at least one parameter; refuses merchant_key, hash and anything not listed by name', async () => {
    const { token } = await createToken(platform.url, merchant);
    refused(await update(platform.url, token, {}), 'At least one parameter must be sent.');
    refused(await update(platform.url, token, { merchant_key: merchant.clientKey }), 'Parameter "merchant_key" can not be updated.');
    refused(await update(platform.url, token, { hash: 'abc', order_amount: '1.00' }), 'Parameter "hash" can not be updated.');
    refused(await update(platform.url, token, { return_url: 'https://x.example' }), 'Parameter "return_url" can not be updated.');
    const two = await update(platform.url, token, { operation: 'debit', order: {} });
    expect(messages(two)).toEqual(['Parameter "operation" can not be updated.', 'Parameter "order" can not be updated.']);
    expect((await stored(token)).version).toBe(1); // nothing was written
  });

  it('re-validates the amount in its currency', async () => {
    const { token } = await createToken(platform.url, merchant);
    expect(messages(await update(platform.url, token, { order_amount: '10.5' }))).toEqual(['order_amount: This value is not valid.']);
    expect(messages(await update(platform.url, token, { order_amount: 10 }))).toEqual([
      'order_amount: This value should be of type string.',
    ]);
    expect(messages(await update(platform.url, token, { order_currency: 'XYZ' }))).toEqual([
      'order_currency: This value is not a valid currency.',
    ]);
    // 10.00 USD read as ISK (no decimals on the wire) does not fit: send the amount with the currency.
    expect(messages(await update(platform.url, token, { order_currency: 'ISK' }))).toEqual(['order_amount: This value is not valid.']);
    expect((await update(platform.url, token, { order_currency: 'ISK', order_amount: '1500' })).status).toBe(200);
    expect((await stored(token)).order).toMatchObject({ amount: 1500, currency: 'ISK' });
    expect(messages(await update(platform.url, token, { order_amount: '0' }))).toEqual([
      'order_amount: This value should be greater than 0.',
    ]);
  });

  it('selects methods again: "Not found acceptable methods" when no MID takes the new order', async () => {
    // A recurring_init session may be zero, but this merchant's only MID takes no zero-value transactions.
    const { token } = await createToken(platform.url, merchant, { recurring_init: true });
    refused(await update(platform.url, token, { order_amount: '0.00' }), 'Not found acceptable methods');
    const zeroMerchant = await testMerchant({ mids: [{ zeroAmount: true }] });
    const other = await createToken(platform.url, zeroMerchant, { recurring_init: true });
    expect((await update(platform.url, other.token, { order_amount: '0.00' })).status).toBe(200);
  });

  it('takes recurring_init and req_token as JSON booleans only', async () => {
    const { token } = await createToken(platform.url, merchant);
    for (const v of ['Y', 'N', 1, 'true']) {
      expect(messages(await update(platform.url, token, { recurring_init: v }))).toEqual([
        'recurring_init: This value should be of type bool.',
      ]);
      expect(messages(await update(platform.url, token, { req_token: v }))).toEqual(['req_token: This value should be of type bool.']);
    }
    expect((await update(platform.url, token, { recurring_init: true, req_token: true })).status).toBe(200);
    expect(await stored(token)).toMatchObject({ recurringInit: true, reqToken: true });
  });

  it('sets schedule_id only with recurring_init and not for debit; null removes it', async () => {
    const { token } = await createToken(platform.url, merchant);
    const rule = 'schedule_id: This value is available with recurring_init for purchase only.';
    expect(messages(await update(platform.url, token, { schedule_id: 'sched-1' }))).toEqual([rule]);
    expect((await update(platform.url, token, { recurring_init: true, schedule_id: 'sched-1' })).status).toBe(200);
    expect((await stored(token)).scheduleId).toBe('sched-1');
    expect((await update(platform.url, token, { schedule_id: null })).status).toBe(200);
    expect((await stored(token)).scheduleId).toBeUndefined();

    const debit = await createToken(platform.url, merchant, { operation: 'debit', recurring_init: true });
    expect(messages(await update(platform.url, debit.token, { schedule_id: 'sched-1' }))).toEqual([rule]);
    expect((await update(platform.url, debit.token, { schedule_id: null })).status).toBe(200);
  });

  it('replaces parameters and custom_data entirely; {} clears them', async () => {
    const { token, order } = await createToken(platform.url, merchant, {
      custom_data: { a: '1', b: '2' },
      parameters: { card: { x: '1' } },
    });
    expect((await update(platform.url, token, { custom_data: { c: '3' }, parameters: { card: { y: '2' } } })).status).toBe(200);
    expect(await stored(token)).toMatchObject({ customData: { c: '3' }, parameters: { card: { y: '2' } } });
    expect((await stored(token)).customData).not.toHaveProperty('a');
    expect((await update(platform.url, token, { parameters: {} })).status).toBe(200);
    expect((await stored(token)).parameters).toBeUndefined();
    expect(messages(await update(platform.url, token, { custom_data: ['a'] }))).toEqual(['custom_data: This value is not valid.']);
    await submitCard(platform.url, token);
    await pay(platform.url, token);
    const cb = await eventually(() => notifications.received.find((c) => c.fields.order_number === order.number));
    expect(cb.fields.custom_data).toEqual({ c: '3' });
  });

  it('refuses any update after a payment attempt, even a declined one', async () => {
    const { token } = await createToken(platform.url, merchant);
    await submitCard(platform.url, token, '02/38');
    expect((await pay(platform.url, token)).body.result).toBe('decline');
    refused(await update(platform.url, token, { order_amount: '5.00' }), 'Session can not be updated.');
  });

  it('lets a payment and a concurrent update both finish consistently: the update lands first or is refused', async () => {
    const { token } = await createToken(platform.url, merchant);
    await submitCard(platform.url, token);
    const [u, p] = await Promise.all([update(platform.url, token, { order_amount: '7.00' }), pay(platform.url, token)]);
    expect(p.body.result).toBe('success');
    const payment = await deps().payments.get(p.body.public_id);
    if (u.status === 200) expect([700, 1000]).toContain(payment!.amount);
    else expect(u.body.error_message).toBe('Session can not be updated.');
    expect((await stored(token)).state).toBe('completed');
  });

  it('answers 403 with an HTML page for a missing or invalid Token, and 400 for a body that is not JSON', async () => {
    for (const t of [undefined, 'nope']) {
      const res = await update(platform.url, t, { order_amount: '1.00' });
      expect(res.status).toBe(403);
      expect(res.contentType).toMatch(/^text\/html/);
    }
    const { token } = await createToken(platform.url, merchant);
    const res = await call('PUT', `${platform.url}/api/v1/session/update`, token, 'order_amount=1.00');
    expect(res.status).toBe(400);
  });
});
