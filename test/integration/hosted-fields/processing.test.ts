/**
 * POST /api/v1/processing/{purchase|debit}/card with the Token header: results, 3DS round trip back to return_url,
 * Checkout callbacks, the request's field rules, the accept_header connector, one payment per session, and the
 * card data's life (sealed, gone after the attempt).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { awsClients } from '../../../shared/adapters/aws/aws-clients.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { hostedFieldsTokenHash } from '../../../shared/operations/hosted-fields/session.js';
import { eventually, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { callbacksSettled } from '../../support/drained.js';
import { call, callbackHash, createToken, pay, paymentBody, submitCard } from './support.js';
import { checkoutHash } from '../../../shared/protocol/signature.js';

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

async function readyToken(expiry = '01/38', overrides: Record<string, unknown> = {}, m = merchant) {
  const s = await createToken(platform.url, m, overrides);
  const submitted = await submitCard(platform.url, s.token, expiry);
  expect(submitted.body).toEqual({ result: 'success', message: '' });
  return s;
}
/** 3DS / redirect step callbacks (§5.3): reported apart from the payment's outcome. */
const STEPS = ['3ds', 'redirect'];
const callbackFor = (orderNumber: string, status?: string) =>
  eventually(() =>
    notifications.received.find(
      (c) => c.fields.order_number === orderNumber && !STEPS.includes(String(c.fields.type)) && (!status || c.fields.status === status),
    ),
  );
const messages = (res: { body: { errors: Array<{ error_message: string }> } }) => res.body.errors.map((e) => e.error_message);

describe('payment results', () => {
  it('pays 4111…1111 01/38: success, public_id, one Checkout callback (type sale, settled) with a valid hash', async () => {
    const { token, order } = await readyToken('01/38');
    const res = await pay(
      platform.url,
      token,
      paymentBody({ email: 'payer@example.com', birth_date: '1990-01-31', selected_language: 'de' }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: 'success', public_id: expect.stringMatching(/^[0-9a-f-]{36}$/), amount: '10.00', currency: 'USD' });
    const cb = await callbackFor(order.number);
    expect(cb.fields).toMatchObject({
      id: res.body.public_id,
      type: 'sale',
      status: 'success',
      order_status: 'settled',
      order_amount: '10.00',
      card: '411111****1111',
      customer_email: 'payer@example.com',
    });
    expect(cb.fields.hash).toBe(callbackHash(merchant, cb.fields));
    const payment = await deps().payments.get(res.body.public_id);
    expect(payment?.status).toBe('SETTLED');
  });

  it('declines 02/38 with decline_message and a fail callback', async () => {
    const { token, order } = await readyToken('02/38');
    const res = await pay(platform.url, token);
    expect(res.body).toEqual({
      result: 'decline',
      decline_message: 'Declined by processing.',
      public_id: expect.any(String),
      amount: '10.00',
      currency: 'USD',
    });
    const cb = await callbackFor(order.number);
    expect(cb.fields).toMatchObject({ type: 'sale', status: 'fail', order_status: 'decline', reason: 'Declined by processing.' });
  });

  it('holds funds for auth=true (success, order_status pending)', async () => {
    const { token, order } = await readyToken('01/38', { auth: true });
    expect((await pay(platform.url, token)).body.result).toBe('success');
    expect((await callbackFor(order.number)).fields).toMatchObject({ type: 'sale', status: 'success', order_status: 'pending' });
  });

  it('debits through /processing/debit/card (type debit); each endpoint refuses the other operation’s session', async () => {
    const debit = await readyToken('01/38', { operation: 'debit' });
    const wrong = await pay(platform.url, debit.token, paymentBody(), 'purchase');
    expect(wrong.status).toBe(400);
    expect(wrong.body.error_message).toBe('The endpoint does not match the session operation.');
    const ok = await pay(platform.url, debit.token, paymentBody(), 'debit');
    expect(ok.body.result).toBe('success');
    expect((await callbackFor(debit.order.number)).fields).toMatchObject({ type: 'debit', status: 'success' });

    const purchase = await readyToken();
    expect((await pay(platform.url, purchase.token, paymentBody(), 'debit')).status).toBe(400);
  });

  for (const [expiry, final, status] of [
    ['05/38', 'settled', 'success'],
    ['06/38', 'decline', 'fail'],
    ['12/38', 'settled', 'success'],
  ] as const) {
    it(`sends ${expiry} to the platform's page (redirect), completes it once and returns to return_url with the return hash`, async () => {
      const { token, order } = await readyToken(expiry);
      const res = await pay(platform.url, token);
      expect(res.body).toEqual({
        result: 'redirect',
        redirect_url: expect.stringContaining(`${platform.url}/hosted-fields/3ds/`),
        public_id: expect.any(String),
        amount: '10.00',
        currency: 'USD',
      });
      expect(res.body.redirect_params).toBeUndefined(); // a GET
      const page = await fetch(res.body.redirect_url);
      expect(page.status).toBe(200);
      const html = await page.text();
      const action = /<form id="authenticate" method="post" action="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&');
      const challenge = new URL(res.body.redirect_url).searchParams.get('token')!;
      // A wrong page token sees nothing.
      expect((await fetch(res.body.redirect_url.replace(/token=[^&]+/, 'token=nope'))).status).toBe(404);

      const submit = () =>
        fetch(action, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ token: challenge }),
        });
      const [a, b] = await Promise.all([submit(), submit()]);
      for (const r of [a, b]) expect(r.status).toBe(303);
      const back = new URL(a.headers.get('location')!);
      expect(`${back.origin}${back.pathname}`).toBe('https://shop.example/return');
      const q = Object.fromEntries(back.searchParams);
      expect(q).toMatchObject({ payment_id: res.body.public_id, order_id: order.number });
      expect(q.hash).toBe(
        checkoutHash([res.body.public_id, order.number, order.amount, order.currency, order.description], merchant.password),
      );
      const cb = await callbackFor(order.number, status);
      expect(cb.fields).toMatchObject({ type: 'sale', order_status: final });
      // Both submissions completed one payment: one final callback.
      await callbacksSettled(platform, [res.body.public_id]);
      expect(notifications.received.filter((c) => c.fields.order_number === order.number && c.fields.type === 'sale')).toHaveLength(1);
      const steps = notifications.received.filter((c) => c.fields.order_number === order.number && STEPS.includes(String(c.fields.type)));
      expect(steps.map((c) => c.fields.status)).toEqual(['waiting', status === 'success' ? 'success' : 'fail']);
      // Asking again answers the final result.
      expect((await pay(platform.url, token)).body.result).toBe(status === 'success' ? 'success' : 'decline');
    });
  }
});

describe('one payment per session', () => {
  it('answers a repeated call with the same payment, and concurrent calls make one payment', async () => {
    const { token, order } = await readyToken('01/38');
    const results = await Promise.all([pay(platform.url, token), pay(platform.url, token), pay(platform.url, token)]);
    const ok = results.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of results) if (r.status !== 200) expect(r.status).toBe(409);
    expect(new Set(ok.map((r) => r.body.public_id)).size).toBe(1);
    const again = await pay(platform.url, token);
    expect(again.body).toEqual({ result: 'success', public_id: ok[0]!.body.public_id, amount: '10.00', currency: 'USD' });
    await callbackFor(order.number);
    await callbacksSettled(platform, [ok[0]!.body.public_id]);
    expect(notifications.received.filter((c) => c.fields.order_number === order.number)).toHaveLength(1);
  });

  it('takes no card after the payment started', async () => {
    const { token } = await readyToken('02/38');
    await pay(platform.url, token);
    expect((await submitCard(platform.url, token)).body.result).toBe('undefined');
  });
});

describe('Token', () => {
  it('answers 403 with an HTML page when the Token is missing, unknown, malformed or expired', async () => {
    const { token } = await readyToken();
    const expired = await createToken(platform.url, merchant);
    const d = deps();
    const stored = (await d.checkoutSessions.getByTokenHash(hostedFieldsTokenHash(expired.token)))!;
    await d.checkoutSessions.update({ ...stored, expiresAt: new Date(Date.now() - 1000).toISOString(), version: stored.version + 1 });
    for (const t of [undefined, '', 'x'.repeat(43), `${token}x`, expired.token]) {
      const res = await pay(platform.url, t);
      expect(res.status).toBe(403);
      expect(res.contentType).toMatch(/^text\/html/);
      expect(res.text).toContain('<!doctype html>');
      expect(res.text).toContain('The session token is missing, invalid or expired.');
    }
  });
});

describe('payment request fields', () => {
  it('requires name and with_hosted_fields true; checks billing_address, email, birth_date (never the language)', async () => {
    const { token } = await readyToken();
    const cases: Array<[unknown, string[]]> = [
      [{ with_hosted_fields: true }, ['name: This value should not be blank.']],
      [{ name: '   ', with_hosted_fields: true }, ['name: This value should not be blank.']],
      [{ name: 'JOHN DOE' }, ['with_hosted_fields: This value should not be blank.']],
      [{ name: 'JOHN DOE', with_hosted_fields: false }, ['with_hosted_fields: This value should be true.']],
      [{ name: 'JOHN DOE', with_hosted_fields: 'true' }, ['with_hosted_fields: This value should be true.']],
      [
        paymentBody({ billing_address: { phone_country_code: '12345678901' } }),
        ['billing_address.phone_country_code: This value is too long. It should have 10 characters or less.'],
      ],
      [paymentBody({ billing_address: { phone_country_code: '+44' } }), ['billing_address.phone_country_code: This value is not valid.']],
      [paymentBody({ billing_address: { country: 'usa' } }), ['billing_address.country: This value is not valid.']],
      [paymentBody({ email: 'nope' }), ['email: This value is not a valid email address.']],
      [paymentBody({ birth_date: '1990-02-30' }), ['birth_date: This value is not valid.']],
      // selected_language is not here: the spec's page language is "not validated" (issue 9 item 11, page-language.test.ts).
      [paymentBody({ browser_info: { screen_width: { px: 1 } } }), ['browser_info.screen_width: This value is not valid.']],
    ];
    for (const [body, expected] of cases) {
      const res = await pay(platform.url, token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(messages(res), JSON.stringify(body)).toEqual(expected);
    }
    // A refused request is no attempt: the card is still there and the payment goes through.
    const ok = await pay(
      platform.url,
      token,
      paymentBody({
        billing_address: { country: 'AS', phone_country_code: '1-684', language: 'EN', phone: '6331234', city: 'Pago Pago' },
        browser_info: { screen_width: 1920, java_enabled: false },
      }),
    );
    expect(ok.body.result).toBe('success');
  });

  it('answers 400 when no card was submitted, and a card that fails the checks is a data format error', async () => {
    const { token } = await createToken(platform.url, merchant);
    const none = await pay(platform.url, token);
    expect(none.status).toBe(400);
    expect(none.body.error_message).toBe('Card data has not been submitted.');
    const bads: Array<Record<string, string>> = [
      { card_number: '1111222233334444' },
      { expiry: '13/38' },
      { expiry: '01/20' },
      { cvv: '12' },
      { cvv: 'abc' },
    ];
    for (const bad of bads) {
      const res = await submitCard(platform.url, token, bad.expiry ?? '01/38', bad);
      expect(res.body, JSON.stringify(bad)).toEqual({ result: 'undefined', message: '' });
    }
    const garbage = await call('POST', `${platform.url}/hosted-fields/card-data`, token, 'not json');
    expect(garbage.body).toEqual({ result: 'undefined', message: '' });
    expect((await submitCard(platform.url, token)).body.result).toBe('success');
    expect((await pay(platform.url, token)).body.result).toBe('success');
  });
});

describe('accept_header connector (sandbox-browser)', () => {
  it('answers INVALID_REQUEST for an empty accept_header, keeps the session, then pays with it', async () => {
    const m = await testMerchant({ notificationUrl: notifications.url, mids: [{ connector: 'sandbox-browser' }] });
    const { token, order } = await readyToken('01/38', {}, m);
    for (const browser_info of [undefined, { accept_header: '' }, { accept_header: '   ', user_agent: 'x' }]) {
      const res = await pay(platform.url, token, paymentBody({ browser_info }));
      expect(res.status).toBe(400);
      expect(res.body.error_message).toBe('INVALID_REQUEST');
    }
    const ok = await pay(
      platform.url,
      token,
      paymentBody({ browser_info: { accept_header: 'text/html,application/xhtml+xml', user_agent: 'Mozilla/5.0' } }),
    );
    expect(ok.body.result).toBe('success');
    await callbackFor(order.number, 'success');
  });

  it('takes the release notes’ spelling accept_headers too', async () => {
    const m = await testMerchant({ mids: [{ connector: 'sandbox-browser' }] });
    const { token } = await readyToken('01/38', {}, m);
    expect((await pay(platform.url, token, paymentBody({ browser_info: { accept_headers: 'text/html' } }))).body.result).toBe('success');
  });
});

describe('card data at rest', () => {
  it('keeps the card only sealed, and drops it in the write that starts the payment', async () => {
    const pan = '4111111111111111';
    const { token } = await createToken(platform.url, merchant);
    await submitCard(platform.url, token, '01/38', { cvv: '9731' });
    const scan = async () =>
      JSON.stringify((await awsClients().ddb.send(new ScanCommand({ TableName: platform.resources.tableName }))).Items ?? []);
    const before = await scan();
    expect(before).not.toContain(pan);
    expect(before).not.toContain('"9731"');
    const session = await deps().checkoutSessions.getByTokenHash(hostedFieldsTokenHash(token));
    expect(session?.hostedFields?.sealedCard).toMatch(/^v2\.card-data\./);
    expect((await pay(platform.url, token)).body.result).toBe('success');
    const after = await deps().checkoutSessions.getByTokenHash(hostedFieldsTokenHash(token));
    expect(after?.hostedFields?.sealedCard).toBeUndefined();
    expect(after?.state).toBe('completed');
    expect(await scan()).not.toContain(pan);
  });
});
