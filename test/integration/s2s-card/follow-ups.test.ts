/** CAPTURE, VOID and CREDITVOID: the rules of each, their callbacks, and one effect for concurrent duplicates. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { eventually, postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { saleFields, transIdFields } from '../../support/s2s.js';

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

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const callbacks = (transId: string, action: string) =>
  shop.received.filter((c) => c.fields.trans_id === transId && c.fields.action === action);
const pay = async (extra: Record<string, string> = {}) => (await post(saleFields(merchant, extra))).body.trans_id as string;
const act = (action: string, transId: string, extra: Record<string, string> = {}) =>
  post(transIdFields(merchant, action, transId, { extra }));
const details = async (transId: string) => (await act('GET_TRANS_DETAILS', transId)).body;

describe('CAPTURE', () => {
  it('captures a held authorization in full', async () => {
    const id = await pay({ auth: 'Y' });
    const res = await act('CAPTURE', id);
    expect(res.body).toMatchObject({
      action: 'CAPTURE',
      result: 'SUCCESS',
      status: 'SETTLED',
      amount: '10.00',
      currency: 'USD',
      trans_id: id,
    });
    const cb = await eventually(() => callbacks(id, 'CAPTURE')[0]);
    expect(cb.fields).toMatchObject({ result: 'SUCCESS', status: 'SETTLED', amount: '10.00' });
  });

  it('captures one partial amount, never above the authorized amount, and only once', async () => {
    const id = await pay({ auth: 'Y' });
    const above = await act('CAPTURE', id, { amount: '10.01' });
    expect(above.body).toMatchObject({ result: 'ERROR', error_code: 208004 });
    const partial = await act('CAPTURE', id, { amount: '4.00' });
    expect(partial.body).toMatchObject({ result: 'SUCCESS', status: 'SETTLED', amount: '4.00' });
    const again = await act('CAPTURE', id, { amount: '1.00' });
    expect(again.body).toMatchObject({ result: 'ERROR', error_code: 208003 });
    expect((await details(id)).transactions.filter((t: { type: string }) => t.type === 'CAPTURE')).toHaveLength(1);
  });

  it('03/2038: the capture declines and the authorization stays PENDING', async () => {
    const id = await pay({ auth: 'Y', card_exp_month: '03' });
    const res = await act('CAPTURE', id);
    expect(res.body).toMatchObject({ action: 'CAPTURE', result: 'DECLINED', status: 'PENDING', decline_reason: 'Declined by processing.' });
    expect((await act('GET_TRANS_STATUS', id)).body.status).toBe('PENDING');
    const cb = await eventually(() => callbacks(id, 'CAPTURE')[0]);
    expect(cb.fields).toMatchObject({ result: 'DECLINED', status: 'PENDING' });
  });

  it('a settled sale cannot be captured; an unknown trans_id is 101000', async () => {
    expect((await act('CAPTURE', await pay())).body).toMatchObject({ result: 'ERROR', error_code: 208003 });
    expect((await act('CAPTURE', UNKNOWN)).body).toMatchObject({
      result: 'ERROR',
      error_code: 101000,
      error_message: 'Transaction does not exist.',
    });
  });

  it('concurrent duplicate CAPTURE requests capture once', async () => {
    const id = await pay({ auth: 'Y' });
    const results = await Promise.all(Array.from({ length: 5 }, () => act('CAPTURE', id)));
    expect(results.filter((r) => r.body.result === 'SUCCESS')).toHaveLength(1);
    for (const r of results.filter((r) => r.body.result !== 'SUCCESS')) expect(r.body.result).toBe('ERROR');
    const d = await details(id);
    expect(d.transactions.filter((t: { type: string; status: string }) => t.type === 'CAPTURE' && t.status === 'success')).toHaveLength(1);
    await eventually(() => callbacks(id, 'CAPTURE').length === 1 || undefined);
  });

  it('concurrent CAPTUREs with different amounts capture once', async () => {
    const id = await pay({ auth: 'Y' });
    const results = await Promise.all(['2.00', '3.00', '4.00', '10.00'].map((amount) => act('CAPTURE', id, { amount })));
    expect(results.filter((r) => r.body.result === 'SUCCESS')).toHaveLength(1);
    const stored = await deps().payments.get(id);
    expect(stored!.capturedAmount).toBe(Number(results.find((r) => r.body.result === 'SUCCESS')!.body.amount) * 100);
  });
});

describe('VOID', () => {
  it('voids a SETTLED payment on the same financial day', async () => {
    const id = await pay();
    const res = await act('VOID', id);
    expect(res.body).toMatchObject({ action: 'VOID', result: 'SUCCESS', status: 'VOID', trans_id: id });
    expect((await act('GET_TRANS_STATUS', id)).body.status).toBe('VOID');
    const cb = await eventually(() => callbacks(id, 'VOID')[0]);
    expect(cb.fields).toMatchObject({ result: 'SUCCESS', status: 'VOID' });
  });

  it('a held authorization: "Void is not allowed."; unknown trans_id: 100000 "Payment not found."', async () => {
    const held = await act('VOID', await pay({ auth: 'Y' }));
    expect(held.body).toMatchObject({ result: 'ERROR', error_message: 'Void is not allowed.' });
    expect((await act('VOID', UNKNOWN)).body).toMatchObject({ result: 'ERROR', error_code: 100000, error_message: 'Payment not found.' });
  });

  it('a payment settled on an earlier day cannot be voided', async () => {
    const id = await pay();
    const d = deps();
    const p = (await d.payments.get(id))!;
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    const moved = { ...p, version: p.version + 1, history: p.history.map((h) => ({ ...h, date: yesterday })) };
    await d.payments.update(moved, []);
    expect((await act('VOID', id)).body).toMatchObject({ result: 'ERROR', error_message: 'Void is not allowed.' });
  });

  it('a second VOID is not allowed', async () => {
    const id = await pay();
    await act('VOID', id);
    expect((await act('VOID', id)).body).toMatchObject({ result: 'ERROR', error_message: 'Void is not allowed.' });
  });
});

describe('CREDITVOID', () => {
  it('PENDING → REVERSAL of the full amount; a partial reversal is refused', async () => {
    const id = await pay({ auth: 'Y' });
    expect((await act('CREDITVOID', id, { amount: '1.00' })).body).toMatchObject({ result: 'ERROR', error_code: 208009 });
    const res = await act('CREDITVOID', id);
    expect(res.body).toEqual({ action: 'CREDITVOID', result: 'ACCEPTED', order_id: expect.any(String), trans_id: id });
    const cb = await eventually(() => callbacks(id, 'CREDITVOID')[0]);
    expect(cb.fields).toMatchObject({ result: 'SUCCESS', status: 'REVERSAL', amount: '10.00' });
    expect(cb.fields.creditvoid_id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await act('GET_TRANS_STATUS', id)).body.status).toBe('REVERSAL');
  });

  it('SETTLED → REFUND: several partials up to the amount, each with its own creditvoid_id', async () => {
    const id = await pay();
    for (const amount of ['3.00', '3.00']) expect((await act('CREDITVOID', id, { amount })).body.result).toBe('ACCEPTED');
    expect((await act('CREDITVOID', id, { amount: '4.01' })).body).toMatchObject({ result: 'ERROR', error_code: 208006 });
    expect((await act('CREDITVOID', id, { amount: '4.00' })).body.result).toBe('ACCEPTED');
    const cbs = await eventually(() => (callbacks(id, 'CREDITVOID').length === 3 ? callbacks(id, 'CREDITVOID') : undefined));
    expect(cbs.map((c) => [c.fields.status, c.fields.amount])).toEqual([
      ['SETTLED', '3.00'],
      ['SETTLED', '3.00'],
      ['REFUND', '4.00'],
    ]);
    expect(new Set(cbs.map((c) => c.fields.creditvoid_id)).size).toBe(3);
    expect((await act('GET_TRANS_STATUS', id)).body.status).toBe('REFUND');
    expect((await act('CREDITVOID', id)).body).toMatchObject({ result: 'ERROR', error_message: 'Refund is not allowed' });
  });

  it('a full refund without amount; a DEBIT payment is reversed', async () => {
    const id = await pay();
    await act('CREDITVOID', id);
    expect((await eventually(() => callbacks(id, 'CREDITVOID')[0])).fields).toMatchObject({ status: 'REFUND', amount: '10.00' });

    const debit = await post(saleFields(merchant, { action: 'DEBIT' }));
    expect(debit.body).toMatchObject({ action: 'DEBIT', status: 'SETTLED' });
    await act('CREDITVOID', debit.body.trans_id);
    const cb = await eventually(() => callbacks(debit.body.trans_id, 'CREDITVOID')[0]);
    expect(cb.fields).toMatchObject({ result: 'SUCCESS', status: 'REVERSAL' });
  });

  it('a declined or voided payment: "Refund is not allowed"; unknown trans_id: "Payment not found."', async () => {
    const declined = await pay({ card_exp_month: '02' });
    expect((await act('CREDITVOID', declined)).body).toMatchObject({
      result: 'ERROR',
      error_code: 208005,
      error_message: 'Refund is not allowed',
    });
    const voided = await pay();
    await act('VOID', voided);
    expect((await act('CREDITVOID', voided)).body).toMatchObject({ error_message: 'Refund is not allowed' });
    expect((await act('CREDITVOID', UNKNOWN)).body).toMatchObject({ error_code: 100000, error_message: 'Payment not found.' });
  });

  it('concurrent duplicate CREDITVOID requests refund once', async () => {
    const id = await pay();
    const results = await Promise.all(Array.from({ length: 5 }, () => act('CREDITVOID', id)));
    expect(results.filter((r) => r.body.result === 'ACCEPTED')).toHaveLength(1);
    const stored = await deps().payments.get(id);
    expect(stored!.refundedAmount).toBe(1000);
    expect(stored!.history.filter((h) => h.type === 'REFUND')).toHaveLength(1);
    await eventually(() => callbacks(id, 'CREDITVOID').length === 1 || undefined);
  });

  it('concurrent partial refunds never exceed the amount', async () => {
    const id = await pay();
    const results = await Promise.all(['4.00', '4.00', '4.00', '4.00'].map((amount, i) => act('CREDITVOID', id, { amount, n: String(i) })));
    const accepted = results.filter((r) => r.body.result === 'ACCEPTED').length;
    const stored = (await deps().payments.get(id))!;
    expect(stored.refundedAmount).toBe(accepted * 400);
    expect(stored.refundedAmount).toBeLessThanOrEqual(1000);
  });
});
