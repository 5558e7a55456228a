/**
 * S2S APM CAPTURE, VOID, CREDITVOID and GET_TRANS_STATUS: the two-stage APM payment (auth=Y), their hashes, their
 * signed callbacks (creditvoid_id covered by the signature), and one effect for concurrent duplicates.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { eventually, postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { callbacksSettled } from '../../support/drained.js';
import { apmFollowUp, apmSale, expectedCallbackHash, transIdHash } from './support.js';

const platform = usePlatform();
let merchant: Merchant;
let shop: MerchantServer;
let post: (fields: Record<string, unknown>) => Promise<{ status: number; body: any }>;

beforeAll(async () => {
  shop = await startMerchantServer();
  merchant = await testMerchant({ notificationUrl: shop.url });
  post = (fields) => postForm(`${platform.url}/post-va`, fields as never);
});
afterAll(async () => {
  await shop?.close();
});

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const callbacks = (transId: string, action: string) =>
  shop.received.filter((c) => c.fields.trans_id === transId && c.fields.action === action);
const pay = async (extra: Record<string, string> = {}) => (await post(apmSale(merchant, extra))).body.trans_id as string;
const act = (action: string, transId: string, extra: Record<string, string> = {}) => post(apmFollowUp(merchant, action, transId, extra));
const statusOf = async (transId: string) => (await act('GET_TRANS_STATUS', transId)).body.status;

describe('CAPTURE (two-stage APM payment)', () => {
  it('captures a held APM authorization in full, with a signed CAPTURE callback', async () => {
    const id = await pay({ auth: 'Y' });
    const res = await act('CAPTURE', id);
    expect(res.body).toMatchObject({
      action: 'CAPTURE',
      result: 'SUCCESS',
      status: 'SETTLED',
      trans_id: id,
      amount: '10.00',
      currency: 'USD',
    });
    const cb = await eventually(() => callbacks(id, 'CAPTURE')[0]);
    expect(cb.fields).toMatchObject({ result: 'SUCCESS', status: 'SETTLED', amount: '10.00' });
    expect(cb.fields.hash).toBe(expectedCallbackHash(cb.fields, merchant.password));
    expect(await statusOf(id)).toBe('SETTLED');
  });

  it('one partial capture, never above the authorized amount', async () => {
    const id = await pay({ auth: 'Y' });
    expect((await act('CAPTURE', id, { amount: '10.01' })).body).toMatchObject({ result: 'ERROR', error_code: 208004 });
    expect((await act('CAPTURE', id, { amount: '4.00' })).body).toMatchObject({ result: 'SUCCESS', status: 'SETTLED', amount: '4.00' });
    expect((await act('CAPTURE', id, { amount: '1.00' })).body).toMatchObject({ result: 'ERROR', error_code: 208003 });
    expect((await act('CAPTURE', id, { amount: '1.5' })).body.errors[0].error_message).toBe('amount: This value is not valid.');
  });

  it('a settled sale cannot be captured; unknown trans_id is 101000; the hash is md5(upper(strrev(trans_id)) . PASSWORD)', async () => {
    const id = await pay();
    expect((await act('CAPTURE', id)).body).toMatchObject({ result: 'ERROR', error_code: 208003 });
    expect((await act('CAPTURE', UNKNOWN)).body).toMatchObject({
      result: 'ERROR',
      error_code: 101000,
      error_message: 'Transaction does not exist.',
    });
    // The CREDITVOID formula is not the CAPTURE one.
    const wrong = await post({ ...apmFollowUp(merchant, 'CAPTURE', id), hash: transIdHash('CREDITVOID', id, merchant.password) });
    expect(wrong.body.errors).toEqual([{ error_code: 100000, error_message: 'hash: Hash is not valid.' }]);
    expect((await post({ action: 'CAPTURE', client_key: merchant.clientKey })).body.errors.map((e: any) => e.error_message)).toEqual([
      'trans_id: This value should not be blank.',
      'hash: This value should not be blank.',
    ]);
  });

  it('concurrent duplicate CAPTUREs capture once and send one callback', async () => {
    const id = await pay({ auth: 'Y' });
    const results = await Promise.all(Array.from({ length: 5 }, () => act('CAPTURE', id)));
    expect(results.filter((r) => r.body.result === 'SUCCESS')).toHaveLength(1);
    for (const r of results.filter((r) => r.body.result !== 'SUCCESS')) expect(r.body.result).toBe('ERROR');
    const p = await deps().payments.get(id);
    expect(p!.history.filter((h) => h.type === 'CAPTURE' && h.status === 'success')).toHaveLength(1);
    expect(p!.capturedAmount).toBe(1000);
    await callbacksSettled(platform, [id]);
    expect(callbacks(id, 'CAPTURE')).toHaveLength(1);
  });
});

describe('CREDITVOID', () => {
  it('releases a held APM authorization: PENDING → REVERSAL, full amount only, creditvoid_id covered by the signature', async () => {
    const id = await pay({ auth: 'Y' });
    expect((await act('CREDITVOID', id, { amount: '1.00' })).body).toMatchObject({ result: 'ERROR', error_code: 208009 });
    const res = await act('CREDITVOID', id);
    expect(res.body).toEqual({ action: 'CREDITVOID', result: 'ACCEPTED', order_id: expect.any(String), trans_id: id });
    const cb = await eventually(() => callbacks(id, 'CREDITVOID')[0]);
    expect(cb.fields).toMatchObject({ result: 'SUCCESS', status: 'REVERSAL', amount: '10.00' });
    expect(cb.fields.creditvoid_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(cb.fields.hash).toBe(expectedCallbackHash(cb.fields, merchant.password));
    expect(expectedCallbackHash({ ...cb.fields, creditvoid_id: '00000000-0000-4000-8000-000000000001' }, merchant.password)).not.toBe(
      cb.fields.hash,
    );
    expect(await statusOf(id)).toBe('REVERSAL');
    // Released: nothing left to capture.
    expect((await act('CAPTURE', id)).body).toMatchObject({ result: 'ERROR', error_code: 208003 });
  });

  it('refunds a settled payment in partials up to its amount, each callback with its own creditvoid_id', async () => {
    const id = await pay();
    expect((await act('CREDITVOID', id, { amount: '3.00' })).body.result).toBe('ACCEPTED');
    expect((await act('CREDITVOID', id, { amount: '7.01' })).body).toMatchObject({ result: 'ERROR', error_code: 208006 });
    expect((await act('CREDITVOID', id, { amount: '7.00' })).body.result).toBe('ACCEPTED');
    const cbs = await eventually(() => (callbacks(id, 'CREDITVOID').length === 2 ? callbacks(id, 'CREDITVOID') : undefined));
    expect(cbs.map((c) => [c.fields.status, c.fields.amount])).toEqual([
      ['SETTLED', '3.00'],
      ['REFUND', '7.00'],
    ]);
    expect(new Set(cbs.map((c) => c.fields.creditvoid_id)).size).toBe(2);
    for (const cb of cbs) expect(cb.fields.hash).toBe(expectedCallbackHash(cb.fields, merchant.password));
    expect((await act('CREDITVOID', id)).body).toMatchObject({ result: 'ERROR', error_message: 'Refund is not allowed' });
  });

  it('concurrent duplicate CREDITVOIDs of a held authorization release it once', async () => {
    const id = await pay({ auth: 'Y' });
    const results = await Promise.all(Array.from({ length: 5 }, () => act('CREDITVOID', id)));
    expect(results.filter((r) => r.body.result === 'ACCEPTED')).toHaveLength(1);
    for (const r of results.filter((r) => r.body.result !== 'ACCEPTED')) expect(r.body.result).toBe('ERROR');
    await callbacksSettled(platform, [id]);
    expect(callbacks(id, 'CREDITVOID')).toHaveLength(1);
    const p = await deps().payments.get(id);
    expect(p!.refundedAmount).toBe(1000);
    expect(p!.history.filter((h) => h.type === 'REVERSAL')).toHaveLength(1);
  });

  it('concurrent duplicate full refunds of a settled payment refund once', async () => {
    const id = await pay();
    const results = await Promise.all(Array.from({ length: 4 }, () => act('CREDITVOID', id)));
    expect(results.filter((r) => r.body.result === 'ACCEPTED')).toHaveLength(1);
    const p = await deps().payments.get(id);
    expect(p!.refundedAmount).toBe(1000);
    expect(p!.status).toBe('REFUND');
  });

  it('unknown trans_id: 100000 "Payment not found."; the hash is md5(upper(strrev(trans_id . PASSWORD)))', async () => {
    expect((await act('CREDITVOID', UNKNOWN)).body).toMatchObject({
      result: 'ERROR',
      error_code: 100000,
      error_message: 'Payment not found.',
    });
    const id = await pay();
    const wrong = await post({ ...apmFollowUp(merchant, 'CREDITVOID', id), hash: transIdHash('VOID', id, merchant.password) });
    expect(wrong.body.errors[0].error_message).toBe('hash: Hash is not valid.');
  });
});

describe('VOID', () => {
  it('voids a SETTLED APM payment on the same day, with a signed VOID callback', async () => {
    const id = await pay();
    const res = await act('VOID', id);
    expect(res.body).toMatchObject({ action: 'VOID', result: 'SUCCESS', status: 'VOID', trans_id: id });
    const cb = await eventually(() => callbacks(id, 'VOID')[0]);
    expect(cb.fields).toMatchObject({ result: 'SUCCESS', status: 'VOID' });
    expect(cb.fields.hash).toBe(expectedCallbackHash(cb.fields, merchant.password));
    expect((await act('VOID', id)).body).toMatchObject({ result: 'ERROR', error_message: 'Void is not allowed.' });
  });

  it('settled payments only: a held authorization is "Void is not allowed."; a captured one can be voided', async () => {
    const held = await pay({ auth: 'Y' });
    expect((await act('VOID', held)).body).toMatchObject({ result: 'ERROR', error_message: 'Void is not allowed.' });
    await act('CAPTURE', held);
    expect((await act('VOID', held)).body).toMatchObject({ result: 'SUCCESS', status: 'VOID' });
  });

  it('unknown trans_id: 100000 "Payment not found."', async () => {
    expect((await act('VOID', UNKNOWN)).body).toMatchObject({ result: 'ERROR', error_code: 100000, error_message: 'Payment not found.' });
  });
});

describe('GET_TRANS_STATUS', () => {
  it('answers the stored status by trans_id', async () => {
    const id = await pay({ auth: 'Y' });
    const res = await act('GET_TRANS_STATUS', id);
    expect(res.body).toEqual({
      action: 'GET_TRANS_STATUS',
      result: 'SUCCESS',
      status: 'PENDING',
      order_id: expect.any(String),
      trans_id: id,
      brand: 'vcard',
    });
    expect((await act('GET_TRANS_STATUS', UNKNOWN)).body).toMatchObject({
      error_code: 101000,
      error_message: 'Transaction does not exist.',
    });
  });

  it('another merchant cannot see the payment', async () => {
    const id = await pay();
    const stranger = await testMerchant();
    const res = await post(apmFollowUp(stranger, 'GET_TRANS_STATUS', id));
    expect(res.body).toMatchObject({ result: 'ERROR', error_code: 101000 });
  });
});
