/** Checkout operations on payments taken through the hosted page: status, refund, capture, void, recurring, retry (card credit: card-credit.test.ts). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { eventually, postForm, postJson, testMerchant, usePlatform } from '../../support/platform.js';
import { saleFields } from '../../support/s2s.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { card, continueLink, createSession, postPage, signed } from './support.js';

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
const callbacks = (id: string) => shop.received.filter((c) => c.fields.id === id).map((c) => c.fields);

/** A payment taken on the page; answers its payment_id and order. */
async function paid(expiry = '01/38', overrides: Record<string, unknown> = {}) {
  const { url, order } = await createSession(platform.url, merchant, overrides);
  const res = await postPage(`${url}/pay`, card(expiry));
  const link = continueLink(res.html);
  if (!link) throw new Error(`payment did not finish: ${res.status}`);
  const paymentId = new URL(link.href).searchParams.get('payment_id')!;
  await eventually(() => callbacks(paymentId).length > 0 || undefined);
  return { paymentId, order };
}

const status = (paymentId: string) => api('status', signed(merchant, { payment_id: paymentId }, [paymentId]));

describe('Checkout operations', () => {
  it('reports a payment by payment_id', async () => {
    const { paymentId, order } = await paid();
    const res = await status(paymentId);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      payment_id: paymentId,
      status: 'settled',
      order: { number: order.number, amount: '10.00', currency: 'USD', description: 'Blue T-shirt' },
      customer: { name: 'John Doe', email: 'doe@example.com' },
      card: '411111****1111',
      card_expiration_date: '01/2038',
    });
    expect(res.body.date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('answers unknown ids with 101000 and the entity-specific texts', async () => {
    const unknownId = '00000000-0000-4000-8000-000000000000';
    const byId = await status(unknownId);
    expect(byId.status).toBe(400);
    expect(byId.body).toMatchObject({ error_code: 101000, error_message: 'Payment does not exist.' });
    const byOrder = await api('status', signed(merchant, { order_id: 'no-such-order' }, ['no-such-order']));
    expect(byOrder.body).toMatchObject({ error_code: 101000, error_message: 'Order does not exist.' });
    const badHash = await api('status', { merchant_key: merchant.clientKey, payment_id: unknownId, hash: 'x' });
    expect(badHash.body.errors).toEqual([{ error_code: 100000, error_message: 'hash: Hash is not valid.' }]);
  });

  it('reports by order_id with the size rules', async () => {
    const number = `order-size-${Date.now()}`;
    const declined = await paid('02/38', { order: { number, amount: '10.00', currency: 'USD', description: 'Blue T-shirt' } });
    const ok = await paid('01/38', { order: { number, amount: '10.00', currency: 'USD', description: 'Blue T-shirt' } });
    const byOrder = (size?: unknown) =>
      api('status', signed(merchant, { order_id: number, ...(size === undefined ? {} : { size }) }, [number]));

    const one = await byOrder();
    expect(Array.isArray(one.body)).toBe(false);
    expect(one.body).toMatchObject({ payment_id: ok.paymentId, status: 'settled' });
    const arrayOfOne = await byOrder('1');
    expect(arrayOfOne.body).toHaveLength(1);
    const both = await byOrder('100');
    expect(both.body.map((p: { payment_id: string }) => p.payment_id)).toEqual([ok.paymentId, declined.paymentId]);
    expect(both.body[1]).toMatchObject({ status: 'decline', reason: 'Declined by processing.' });
    for (const bad of ['101', '0', 'ten']) {
      const res = await byOrder(bad);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ error_code: 100000, error_message: 'size should be within 1..100' }]);
    }
  });

  it('refunds partially, then the rest; callbacks say type refund', async () => {
    const { paymentId } = await paid();
    const partial = await api('refund', signed(merchant, { payment_id: paymentId, amount: '4.00' }, [paymentId, '4.00']));
    expect(partial.body).toEqual({ payment_id: paymentId, result: 'accepted' });
    expect((await status(paymentId)).body.status).toBe('settled');
    const rest = await api('refund', signed(merchant, { payment_id: paymentId }, [paymentId]));
    expect(rest.body).toEqual({ payment_id: paymentId, result: 'accepted' });
    expect((await status(paymentId)).body.status).toBe('refund');
    const cbs = await eventually(() => (callbacks(paymentId).length >= 3 ? callbacks(paymentId) : undefined));
    expect(cbs.slice(1).map((c) => [c.type, c.status, c.order_status])).toEqual([
      ['refund', 'success', 'settled'],
      ['refund', 'success', 'refund'],
    ]);
    const again = await api('refund', signed(merchant, { payment_id: paymentId }, [paymentId]));
    expect(again.body).toMatchObject({ error_code: 208005, error_message: 'Refund is not allowed' });
  });

  it('does not act on an S2S payment of the same merchant (each protocol keeps its own payments)', async () => {
    const s2s = await postForm(`${platform.url}/post`, saleFields(merchant));
    expect(s2s.body.result).toBe('SUCCESS');
    const id = s2s.body.trans_id as string;
    const res = await api('refund', signed(merchant, { payment_id: id }, [id]));
    expect(res.body).toMatchObject({ error_code: 101000, error_message: 'Payment does not exist.' });
  });

  it('reverses a held authorization: type refund with order_status reversal', async () => {
    const { paymentId } = await paid('01/38', { auth: true });
    expect((await status(paymentId)).body.status).toBe('pending');
    const res = await api('refund', signed(merchant, { payment_id: paymentId }, [paymentId]));
    expect(res.body.result).toBe('accepted');
    const cb = await eventually(() => callbacks(paymentId).find((c) => c.type === 'refund'));
    expect(cb).toMatchObject({ type: 'refund', status: 'success', order_status: 'reversal' });
  });

  it('captures a held authorization', async () => {
    const { paymentId } = await paid('01/38', { auth: true });
    const res = await api('capture', signed(merchant, { payment_id: paymentId, amount: '10.00' }, [paymentId, '10.00']));
    expect(res.body).toEqual({ payment_id: paymentId, result: 'accepted' });
    expect((await status(paymentId)).body.status).toBe('settled');
    const cb = await eventually(() => callbacks(paymentId).find((c) => c.type === 'capture'));
    expect(cb).toMatchObject({ status: 'success', order_status: 'settled' });
    const twice = await api('capture', signed(merchant, { payment_id: paymentId }, [paymentId]));
    expect(twice.status).toBe(400);
  });

  it('voids a settled payment the same day, once; never a held authorization', async () => {
    const { paymentId, order } = await paid();
    const res = await api('void', signed(merchant, { payment_id: paymentId }, [paymentId]));
    expect(res.body).toMatchObject({ status: 'SUCCESS', payment_status: 'void', payment_id: paymentId, order: { number: order.number } });
    const cb = await eventually(() => callbacks(paymentId).find((c) => c.type === 'void'));
    expect(cb).toMatchObject({ status: 'success', order_status: 'void' });
    const twice = await api('void', signed(merchant, { payment_id: paymentId }, [paymentId]));
    expect(twice.body).toMatchObject({ error_message: 'Void is not allowed.' });
    const held = await paid('01/38', { auth: true });
    const onAuth = await api('void', signed(merchant, { payment_id: held.paymentId }, [held.paymentId]));
    expect(onAuth.body).toMatchObject({ error_message: 'Void is not allowed.' });
  });

  it('charges a recurring payment on the card of a recurring_init payment', async () => {
    const { paymentId } = await paid('01/38', {
      recurring_init: true,
      order: { number: `sub-${Date.now()}`, amount: '10.00', currency: 'EUR', description: 'Monthly plan' },
    });
    const first = callbacks(paymentId)[0]!;
    expect(first.recurring_init_trans_id).toBe(paymentId);
    const token = first.recurring_token as string;
    expect(token).toBeTruthy();
    const number = `sub-2-${Date.now()}`;
    const body = {
      recurring_init_trans_id: paymentId,
      recurring_token: token,
      order: { number, amount: '9.99', description: 'Month 2' },
      custom_data: { month: 2 },
    };
    const res = await api('recurring', signed(merchant, body, [paymentId, token, number, '9.99', 'Month 2']));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'settled', order: { number, amount: '9.99', currency: 'EUR', description: 'Month 2' } });
    const cb = await eventually(() => callbacks(res.body.payment_id)[0]);
    expect(cb).toMatchObject({
      type: 'recurring',
      status: 'success',
      order_status: 'settled',
      recurring_init_trans_id: paymentId,
      custom_data: { month: '2' },
    });

    const wrong = await api(
      'recurring',
      signed(merchant, { ...body, recurring_token: 'nope' }, [paymentId, 'nope', number, '9.99', 'Month 2']),
    );
    expect(wrong.body).toMatchObject({ error_code: 100000, error_message: 'Incorrect transaction' });
    // Retry is for soft-declined recurring payments only.
    const retry = await api('retry', signed(merchant, { payment_id: res.body.payment_id }, [res.body.payment_id]));
    expect(retry.body).toMatchObject({ error_message: 'Retry is not allowed.' });
  });
});
