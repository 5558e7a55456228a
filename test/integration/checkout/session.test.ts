/** POST /api/v1/session through the local gateway: the link it returns, and every way a request can be refused. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { postForm, postJson, testMerchant, usePlatform } from '../../support/platform.js';
import { createScheduleFields } from '../schedules/support.js';
import { createSession, get, sessionBody } from './support.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { createMerchant, createMid } from '../../../shared/operations/admin/merchants.js';

const platform = usePlatform();
let merchant: Merchant;

beforeAll(async () => {
  merchant = await testMerchant();
});

const post = (body: unknown) => postJson(`${platform.url}/api/v1/session`, body);
const messages = (res: { body: { errors: Array<{ error_message: string }> } }) => res.body.errors.map((e) => e.error_message);

describe('POST /api/v1/session', () => {
  it('answers a redirect_url with an opaque, unguessable token, one per session', async () => {
    const a = await post(sessionBody(merchant));
    const b = await post(sessionBody(merchant));
    expect(a.status).toBe(200);
    expect(Object.keys(a.body)).toEqual(['redirect_url']);
    expect(a.body.redirect_url).toMatch(new RegExp(`^${platform.url}/auth/[A-Za-z0-9_-]{43}$`));
    expect(b.body.redirect_url).not.toBe(a.body.redirect_url);
    // The link carries no ids: not the order number, not the merchant key.
    expect(a.body.redirect_url).not.toContain(merchant.clientKey);
  });

  it('accepts the protocol.md §2.3 session example hash, computed by hand (792a4240…)', async () => {
    const d = deps();
    const docs = await createMerchant(d, { name: 'Docs Shop', password: '13a4822c5907ed235f3a068c76184fc3' });
    await createMid(d, docs.clientKey);
    const res = await post({
      ...sessionBody(docs, { order: { number: 'order-1234', amount: '0.19', currency: 'USD', description: 'Important gift' } }),
      hash: '792a4240d9f0bacd631d923d79ed9447b058eb6d',
    });
    expect(res.status).toBe(200);
    const tampered = await post({
      ...sessionBody(docs, { order: { number: 'order-1234', amount: '0.20', currency: 'USD', description: 'Important gift' } }),
      hash: '792a4240d9f0bacd631d923d79ed9447b058eb6d',
    });
    expect(tampered.status).toBe(400);
  });

  it('rejects a wrong hash with the Checkout error body', async () => {
    const res = await post(sessionBody(merchant, { hash: 'a'.repeat(40) }));
    expect(res.status).toBe(400);
    // The spec's {http_code, error_code, error_message}; error_code was 0 before issue 9 item 13 (never 0 now).
    expect(res.body).toEqual({
      http_code: 400,
      error_code: 100000,
      error_message: 'Request data is invalid.',
      errors: [{ error_code: 100000, error_message: 'hash: Hash is not valid.' }],
    });
  });

  it('names every invalid field at once', async () => {
    const res = await post(
      sessionBody(merchant, {
        operation: 'buy',
        success_url: 'not a url',
        session_expiry: 721,
        url_target: '_window',
        customer: { email: 'nope' },
        order: { number: 'n-1', amount: '10.001', currency: 'USD', description: 'x' },
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe(100000); // never 0 (issue 9 item 13; protocol.md's example showed 0)
    expect(res.body.error_message).toBe('Request data is invalid.');
    expect(messages(res)).toEqual(
      expect.arrayContaining([
        'operation: The value you selected is not a valid choice.',
        'success_url: This value is not a valid URL.',
        'session_expiry: This value should be between 1 and 720.',
        'url_target: The value you selected is not a valid choice.',
        'customer.email: This value is not a valid email address.',
        'order.description: This value is too short. It should have 2 characters or more.',
        'order.amount: This value is not valid.',
      ]),
    );
    for (const e of res.body.errors) expect(e.error_code).toBe(100000);
  });

  it('requires merchant_key, operation, success_url, order and hash', async () => {
    const res = await post({});
    expect(res.status).toBe(400);
    expect(messages(res)).toEqual(
      expect.arrayContaining([
        'merchant_key: This value should not be blank.',
        'operation: This value should not be blank.',
        'success_url: This value should not be blank.',
        'order: This value should not be blank.',
        'hash: This value should not be blank.',
      ]),
    );
  });

  it('refuses a zero purchase unless it is an authorization or starts a recurring chain', async () => {
    const zero = { number: 'zero-1', amount: '0.00', currency: 'USD', description: 'Card check' };
    const res = await post(sessionBody(merchant, { order: zero }));
    expect(messages(res)).toEqual(['amount: This value should be greater than 0.']);
    // Allowed by the request rules with auth, but the MID must support zero-value transactions.
    const auth = await post(sessionBody(merchant, { order: zero, auth: true }));
    expect(messages(auth)).toEqual(['amount: This value should be greater than 0.']);
  });

  it('accepts auth only on purchase and booleans only as JSON booleans', async () => {
    const debit = await post(sessionBody(merchant, { operation: 'debit', auth: true }));
    expect(messages(debit)).toEqual(['auth: This value is available for the purchase operation only.']);
    const yn = await post(sessionBody(merchant, { req_token: 'Y' }));
    expect(messages(yn)).toEqual(['req_token: This value should be of type bool.']);
    const schedule = await post(sessionBody(merchant, { schedule_id: 'abc' }));
    expect(messages(schedule)).toEqual(['schedule_id: This value is available with recurring_init for purchase only.']);
  });

  it('collects billing_address.state only for CA, US, JP, AU and IN', async () => {
    const us = await post(sessionBody(merchant, { billing_address: { country: 'US', state: 'California' } }));
    expect(messages(us)).toEqual(['billing_address.state: This value is not valid.']);
    // For other countries the state is hidden and not validated.
    const de = await post(
      sessionBody(merchant, { billing_address: { country: 'DE', state: 'Bayern!!', language: 'DE', phone_country_code: '49' } }),
    );
    expect(de.status).toBe(200);
    const badCode = await post(sessionBody(merchant, { billing_address: { country: 'DE', phone_country_code: '+49' } }));
    expect(messages(badCode)).toEqual(['billing_address.phone_country_code: This value is not valid.']);
  });

  it('accepts every documented field', async () => {
    const scheduleId = (
      await postForm(`${platform.url}/post`, createScheduleFields(merchant, { interval_length: '1', interval_unit: 'month' }) as never)
    ).body.schedule_id;
    const res = await post(
      sessionBody(merchant, {
        methods: ['card'],
        channel_id: 'web',
        session_expiry: 720,
        expiry_url: `https://shop.example/expired`,
        url_target: '_blank',
        req_token: true,
        recurring_init: true,
        schedule_id: scheduleId,
        payment_schedule_amount: '0.10',
        vat_calc: true,
        auth: false,
        customer: { name: 'Jöhn Doe', email: 'doe@example.com', birth_date: '1970-02-17' },
        billing_address: {
          country: 'IN',
          state: 'KA',
          city: 'Bengaluru',
          district: 'Central',
          address: 'MG Road',
          house_number: '12',
          zip: '560001',
          phone: '80123456',
          phone_country_code: '91',
          language: 'zh-TW',
        },
        custom_data: { cart: '42', nested: { vip: true } },
        parameters: { card: { installments: '3' } },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.redirect_url).toBeTypeOf('string');
  });

  it('answers an unknown merchant_key and malformed JSON in the same format', async () => {
    const unknown = await post(sessionBody({ ...merchant, clientKey: '00000000-0000-4000-8000-000000000000' }));
    expect(unknown.status).toBe(400);
    // The same answer as a wrong hash, so merchant keys cannot be probed.
    expect(messages(unknown)).toEqual(['hash: Hash is not valid.']);
    const res = await fetch(`${platform.url}/api/v1/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"oops',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ http_code: 400, error_code: 100000, error_message: 'Request body is not valid JSON.' });
  });

  it('serves the page at the link it returned', async () => {
    const { url } = await createSession(platform.url, merchant);
    const page = await get(url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.html).toContain('$10.00');
  });
});
