/**
 * Issue 9 item 13. The spec, "Errors": "JSON error body (Checkout-style and S2S status lookups):
 * {http_code, error_code, error_message}; HTTP 400 for invalid requests", and its texts — "size should be within
 * 1..100", the delays deprecation, "Session can not be updated.", "Parameter "<name>" can not be updated.",
 * "Not found acceptable methods", "Refund is not allowed", "Void is not allowed." — are the answer's error_message,
 * not only an entry of errors[] (which stays, for field lists). error_code is never 0.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { eventually, postForm, postJson, testMerchant, usePlatform } from '../../support/platform.js';
import { transIdFields } from '../../support/s2s.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { createScheduleFields } from '../schedules/support.js';
import { card, continueLink, createSession, postPage, sessionBody, signed } from './support.js';
import { createToken, pay, submitCard, update } from '../hosted-fields/support.js';

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

const api = (path: string, body: Record<string, unknown>) => postJson(`${platform.url}/api/v1/payment/${path}`, body);

async function paid(expiry = '01/38', overrides: Record<string, unknown> = {}) {
  const { url, order } = await createSession(platform.url, merchant, overrides);
  const link = continueLink((await postPage(`${url}/pay`, card(expiry))).html);
  const paymentId = new URL(link!.href).searchParams.get('payment_id')!;
  await eventually(() => shop.received.some((c) => c.fields.id === paymentId) || undefined);
  return { paymentId, order };
}

/** The spec's body: http_code (= the HTTP status), a non-zero error_code, the text as error_message. */
function expectSpecError(res: { status: number; body: any }, message: string, entries?: string[]) {
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({ http_code: 400, error_message: message });
  expect(res.body.error_code).toEqual(expect.any(Number));
  expect(res.body.error_code).not.toBe(0);
  if (entries) expect(res.body.errors.map((e: { error_message: string }) => e.error_message)).toEqual(entries);
}

describe('error bodies carry http_code, error_code, error_message (issue 9 item 13)', () => {
  it('Checkout status by order: "size should be within 1..100" is the error_message', async () => {
    const { order } = await paid();
    const res = await api('status', signed(merchant, { order_id: order.number, size: '101' }, [order.number]));
    expectSpecError(res, 'size should be within 1..100', ['size should be within 1..100']);
  });

  it('S2S CREATE_SCHEDULE with delays: the deprecation text is the error_message, errors[] names the field', async () => {
    const res = await postForm(`${platform.url}/post`, createScheduleFields(merchant, { delays: '3' }));
    const text = 'Parameter is deprecated. Use delayed_first_payment and the first_payment_* parameters instead.';
    expectSpecError(res, text, [`delays: ${text}`]);
    expect(res.body).toMatchObject({ action: 'CREATE_SCHEDULE', result: 'ERROR', error_code: 100000 });
  });

  it('Checkout session: "Not found acceptable methods" is the error_message', async () => {
    const res = await postJson(`${platform.url}/api/v1/session`, sessionBody(merchant, { methods: ['paypal'] }));
    expectSpecError(res, 'Not found acceptable methods', ['methods: Not found acceptable methods']);
  });

  it('session update: "Parameter "<name>" can not be updated.", "Not found acceptable methods", "Session can not be updated."', async () => {
    // recurring_init allows a zero amount, but this merchant's only MID takes no zero-value transactions.
    const { token } = await createToken(platform.url, merchant, { recurring_init: true });
    expectSpecError(
      await update(platform.url, token, { merchant_key: merchant.clientKey }),
      'Parameter "merchant_key" can not be updated.',
    );
    expectSpecError(await update(platform.url, token, { order_amount: '0.00' }), 'Not found acceptable methods');
    expect((await submitCard(platform.url, token)).body.result).toBe('success');
    expect((await pay(platform.url, token)).body.result).toBe('success');
    expectSpecError(await update(platform.url, token, { order_amount: '5.00' }), 'Session can not be updated.');
  });

  it('Checkout refund and void: "Refund is not allowed", "Void is not allowed."', async () => {
    const declined = await paid('02/38');
    expectSpecError(
      await api('refund', signed(merchant, { payment_id: declined.paymentId }, [declined.paymentId])),
      'Refund is not allowed',
    );
    const held = await paid('01/38', { auth: true });
    expectSpecError(await api('void', signed(merchant, { payment_id: held.paymentId }, [held.paymentId])), 'Void is not allowed.');
  });

  it('status lookups that find nothing: Checkout and S2S answer {http_code, error_code, error_message}', async () => {
    const checkout = await api(
      'status',
      signed(merchant, { payment_id: '00000000-0000-4000-8000-000000000000' }, ['00000000-0000-4000-8000-000000000000']),
    );
    expect(checkout.body).toMatchObject({ http_code: 400, error_code: 101000, error_message: 'Payment does not exist.' });
    const s2s = await postForm(`${platform.url}/post`, transIdFields(merchant, 'GET_TRANS_STATUS', '00000000-0000-4000-8000-000000000000'));
    expect(s2s.body).toMatchObject({
      action: 'GET_TRANS_STATUS',
      result: 'ERROR',
      http_code: 400,
      error_code: 101000,
      error_message: 'Transaction does not exist.',
    });
  });

  it('a field validation failure: error_code 100000 (not 0), generic message, every field in errors[]', async () => {
    const res = await postJson(`${platform.url}/api/v1/session`, sessionBody(merchant, { operation: 'rent', success_url: 'nope' }));
    expect(res.body).toEqual({
      http_code: 400,
      error_code: 100000,
      error_message: 'Request data is invalid.',
      errors: [
        { error_code: 100000, error_message: 'operation: The value you selected is not a valid choice.' },
        { error_code: 100000, error_message: 'success_url: This value is not a valid URL.' },
      ],
    });
  });
});
