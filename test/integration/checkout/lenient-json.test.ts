/**
 * Lenient JSON over HTTP (docs/checkout.md "Lenient JSON"; field by field: test/unit/protocol/lenient-json.test.ts):
 * the body a live merchant backend sends — session_expiry as "15", customer.birth_date as "" — opens a Checkout
 * session and a hosted-fields session (15 minutes), and a hosted-fields payment with "" optional values is made;
 * values that are really wrong are still refused with the exact errors.
 */
import { beforeAll, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { postJson, testMerchant, usePlatform } from '../../support/platform.js';
import { sessionBody, storedSession } from './support.js';
import { pay, paymentBody, submitCard, tokenBody } from '../hosted-fields/support.js';

const platform = usePlatform();
let merchant: Merchant;

beforeAll(async () => {
  merchant = await testMerchant();
});

const LIVE_BACKEND = { session_expiry: '15', customer: { name: 'John Doe', email: 'doe@example.com', birth_date: '' } };
const minutesLeft = (expiresAt: string) => Math.round((Date.parse(expiresAt) - Date.now()) / 60_000);

it("Checkout: the live backend's session opens, expiring in 15 minutes", async () => {
  const res = await postJson(`${platform.url}/api/v1/session`, sessionBody(merchant, LIVE_BACKEND));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const session = await storedSession(res.body.redirect_url);
  expect(minutesLeft(session.session.expiresAt)).toBe(15);
});

it('hosted fields: the same body opens a session, and a payment with "" optional values is made', async () => {
  const res = await postJson(
    `${platform.url}/api/v1/session/token`,
    tokenBody(merchant, { ...LIVE_BACKEND, success_url: '', customer: { ...LIVE_BACKEND.customer, ip: '' } }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const token = res.body.token as string;
  expect((await submitCard(platform.url, token)).status).toBe(200);
  const paid = await pay(
    platform.url,
    token,
    paymentBody({
      email: '',
      birth_date: '',
      billing_address: { country: '', zip: '' },
      browser_info: { screen_width: '', accept_header: 'text/html' },
    }),
  );
  expect(paid.status, paid.text).toBe(200);
  expect(paid.body).toMatchObject({ result: 'success' });
});

it('values that are really wrong keep their exact errors', async () => {
  const res = await postJson(
    `${platform.url}/api/v1/session`,
    sessionBody(merchant, {
      session_expiry: '15 minutes',
      customer: { name: 'John Doe', birth_date: '31.01.1990' },
      req_token: 'Y',
      merchant_key: '',
    }),
  );
  expect(res.status).toBe(400);
  expect(res.body.errors.map((e: { error_message: string }) => e.error_message).sort()).toEqual(
    [
      'customer.birth_date: This value is not valid.',
      'req_token: This value should be of type bool.',
      'session_expiry: This value should be of type int.',
      'merchant_key: This value should not be blank.',
    ].sort(),
  );
});
