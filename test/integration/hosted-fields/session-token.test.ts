/** POST /api/v1/session/token through the local gateway: the token, every refusal (400 / 401), customer.ip. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { createMerchant, createMid } from '../../../shared/operations/admin/merchants.js';
import { hostedFieldsTokenHash } from '../../../shared/operations/hosted-fields/session.js';
import { eventually, postJson, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { callbackHash, createToken, pay, submitCard, tokenBody } from './support.js';

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

const post = (body: unknown) => postJson(`${platform.url}/api/v1/session/token`, body);
const messages = (res: { body: { errors: Array<{ error_message: string }> } }) => res.body.errors.map((e) => e.error_message);

describe('POST /api/v1/session/token', () => {
  it('answers {"token"} with an opaque token, one per session, stored only as a hash', async () => {
    const a = await post(tokenBody(merchant));
    const b = await post(tokenBody(merchant));
    expect(a.status).toBe(200);
    expect(Object.keys(a.body)).toEqual(['token']);
    expect(a.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(b.body.token).not.toBe(a.body.token);
    const stored = await deps().checkoutSessions.getByTokenHash(hostedFieldsTokenHash(a.body.token));
    expect(stored?.hostedFields?.returnUrl).toBe('https://shop.example/return');
    expect(JSON.stringify(stored)).not.toContain(a.body.token);
  });

  it('accepts the protocol.md §2.3 authentication hash computed by hand (792a4240…) and refuses it for another amount', async () => {
    const d = deps();
    const docs = await createMerchant(d, { name: 'Docs Shop', password: '13a4822c5907ed235f3a068c76184fc3' });
    await createMid(d, docs.clientKey);
    const order = { number: 'order-1234', amount: '0.19', currency: 'USD', description: 'Important gift' };
    const ok = await post({ ...tokenBody(docs, { order }), hash: '792a4240d9f0bacd631d923d79ed9447b058eb6d' });
    expect(ok.status).toBe(200);
    const tampered = await post({
      ...tokenBody(docs, { order: { ...order, amount: '0.20' } }),
      hash: '792a4240d9f0bacd631d923d79ed9447b058eb6d',
    });
    expect(tampered.status).toBe(401);
  });

  it('answers 401 for a wrong hash and for an unknown merchant_key, in the Checkout error format', async () => {
    const badHash = await post(tokenBody(merchant, { hash: 'a'.repeat(40) }));
    expect(badHash.status).toBe(401);
    expect(badHash.body).toEqual({
      http_code: 401,
      error_code: 100000,
      error_message: 'hash: Hash is not valid.',
      errors: [{ error_code: 100000, error_message: 'hash: Hash is not valid.' }],
    });
    const unknown = await post({ ...tokenBody(merchant), merchant_key: '00000000-0000-0000-0000-000000000000' });
    expect(unknown.status).toBe(401);
    // The same answer as a wrong hash, so merchant keys cannot be probed.
    expect(unknown.body).toEqual(badHash.body);
  });

  it('takes purchase and debit only', async () => {
    expect((await post(tokenBody(merchant, { operation: 'debit' }))).status).toBe(200);
    for (const operation of ['credit', 'transfer', 'refund']) {
      const res = await post(tokenBody(merchant, { operation }));
      expect(res.status).toBe(400);
      expect(messages(res)).toEqual(['operation: The value you selected is not a valid choice.']);
    }
  });

  it('requires return_url (success_url is optional) and names every invalid field at once', async () => {
    const { return_url: _r, ...noReturn } = tokenBody(merchant);
    const missing = await post(noReturn);
    expect(missing.status).toBe(400);
    expect(missing.body.error_message).toBe('Request data is invalid.');
    expect(messages(missing)).toEqual(['return_url: This value should not be blank.']);

    const many = await post(
      tokenBody(merchant, {
        return_url: 'not a url',
        success_url: 'ftp://x',
        customer: { ip: '999.1.1.1' },
        order: { amount: '10.5', currency: 'USD', number: 'o-1', description: 'Blue T-shirt' },
      }),
    );
    expect(many.status).toBe(400);
    expect(messages(many)).toEqual(
      expect.arrayContaining([
        'return_url: This value is not a valid URL.',
        'success_url: This value is not a valid URL.',
        'customer.ip: This is not a valid IP address.',
        'order.amount: This value is not valid.',
      ]),
    );
  });

  it('applies the Checkout session rules: auth for purchase only, schedule_id only with recurring_init, zero amount only with auth or recurring_init', async () => {
    const auth = await post(tokenBody(merchant, { operation: 'debit', auth: true }));
    expect(messages(auth)).toEqual(['auth: This value is available for the purchase operation only.']);
    const schedule = await post(tokenBody(merchant, { schedule_id: 'abc' }));
    expect(messages(schedule)).toEqual(['schedule_id: This value is available with recurring_init for purchase only.']);
    const zero = await post(tokenBody(merchant, { order: { amount: '0.00' } }));
    expect(messages(zero)).toEqual(['amount: This value should be greater than 0.']);
    const notJson = await postJson(`${platform.url}/api/v1/session/token`, 'nope');
    expect(notJson.status).toBe(400);
  });

  it('keeps customer.ip and returns it in the callback as customer_ip; without it, the caller’s IP', async () => {
    const given = await createToken(platform.url, merchant, {
      customer: { name: 'John Doe', email: 'doe@example.com', ip: '203.0.113.7' },
    });
    const omitted = await createToken(platform.url, merchant);
    for (const s of [given, omitted]) {
      await submitCard(platform.url, s.token);
      expect((await pay(platform.url, s.token)).body.result).toBe('success');
    }
    const a = await eventually(() => notifications.received.find((c) => c.fields.order_number === given.order.number));
    const b = await eventually(() => notifications.received.find((c) => c.fields.order_number === omitted.order.number));
    expect(a.fields.customer_ip).toBe('203.0.113.7');
    expect(b.fields.customer_ip).toBe('127.0.0.1'); // the test (merchant backend) called from loopback
    expect(a.fields.hash).toBe(callbackHash(merchant, a.fields));
  });

  it('gives a token that opens no Checkout page (and a Checkout link is no Token)', async () => {
    const { token } = await createToken(platform.url, merchant);
    const page = await fetch(`${platform.url}/auth/${token}`);
    expect(page.status).not.toBe(200);
    expect(await page.text()).not.toContain('card_number');
  });
});
