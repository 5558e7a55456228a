/**
 * CREDIT2VIRTUAL (payout, Credit2Virtual request and callback signatures), DEBIT2VIRTUAL (one step, commission) and
 * DEBIT2VIRTUAL_CALC + DEBIT2VIRTUAL_COMPLETE (two steps; COMPLETE charges once).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { callbackDeps, deps } from '../../../shared/entry/composition/deps.js';
import { eventually, postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { callbacksSettled } from '../../support/drained.js';
import {
  FAIL_ID,
  REDIRECT_ID,
  apmFollowUp,
  apmPayout,
  apmSale,
  expectedC2vCallbackHash,
  expectedCallbackHash,
  saleHash,
} from './support.js';

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

const callbacks = (transId: string) => shop.received.filter((c) => c.fields.trans_id === transId);
const act = (action: string, transId: string, extra: Record<string, string> = {}) => post(apmFollowUp(merchant, action, transId, extra));

describe('CREDIT2VIRTUAL', () => {
  it('pays out: SUCCESS/SETTLED, callback signed with the Credit2Virtual callback signature', async () => {
    const req = apmPayout(merchant);
    const res = await post(req);
    expect(res.body).toMatchObject({
      action: 'CREDIT2VIRTUAL',
      result: 'SUCCESS',
      status: 'SETTLED',
      order_id: req.order_id,
      amount: '25.00',
      currency: 'USD',
    });
    const cb = await eventually(() => callbacks(res.body.trans_id)[0]);
    expect(cb.fields).toMatchObject({ action: 'CREDIT2VIRTUAL', result: 'SUCCESS', status: 'SETTLED', amount: '25.00' });
    expect(cb.fields.hash).toBe(expectedC2vCallbackHash(cb.fields, merchant.password));
    expect(cb.fields.hash).not.toBe(expectedCallbackHash(cb.fields, merchant.password));
  });

  it('fail@gmail.com: DECLINED/DECLINED with decline_reason', async () => {
    const res = await post(apmPayout(merchant, { identifier: FAIL_ID }));
    expect(res.body).toMatchObject({ result: 'DECLINED', status: 'DECLINED', decline_reason: 'Declined by processing.' });
    const cb = await eventually(() => callbacks(res.body.trans_id)[0]);
    expect(cb.fields.hash).toBe(expectedC2vCallbackHash(cb.fields, merchant.password));
  });

  it('takes the Credit2Virtual signature, not the Sale one; needs no return_url', async () => {
    const req = apmPayout(merchant);
    const withSaleHash = await post({ ...req, hash: saleHash(req, merchant.password) });
    expect(withSaleHash.body.errors).toEqual([{ error_code: 100000, error_message: 'hash: Hash is not valid.' }]);
    expect(req.return_url).toBeUndefined();
  });

  it('a payout cannot be refunded or voided', async () => {
    const id = (await post(apmPayout(merchant))).body.trans_id;
    expect((await act('CREDITVOID', id)).body).toMatchObject({
      result: 'ERROR',
      error_code: 208005,
      error_message: 'Refund is not allowed',
    });
    expect((await act('VOID', id)).body).toMatchObject({ result: 'ERROR', error_message: 'Void is not allowed.' });
  });
});

describe('DEBIT2VIRTUAL', () => {
  it('debits amount + commission and answers commission and total_amount', async () => {
    const res = await post(apmSale(merchant, { action: 'DEBIT2VIRTUAL' }));
    expect(res.body).toMatchObject({
      action: 'DEBIT2VIRTUAL',
      result: 'SUCCESS',
      status: 'SETTLED',
      amount: '10.00',
      commission: '0.20',
      total_amount: '10.20',
    });
    const cb = await eventually(() => callbacks(res.body.trans_id)[0]);
    expect(cb.fields).toMatchObject({ action: 'DEBIT2VIRTUAL', result: 'SUCCESS', commission: '0.20', total_amount: '10.20' });
    expect(cb.fields.hash).toBe(expectedCallbackHash(cb.fields, merchant.password));
  });

  it('commission is rounded up to a minor unit; KWD keeps three decimals', async () => {
    expect((await post(apmSale(merchant, { action: 'DEBIT2VIRTUAL', order_amount: '0.01' }))).body).toMatchObject({
      commission: '0.01',
      total_amount: '0.02',
    });
    expect((await post(apmSale(merchant, { action: 'DEBIT2VIRTUAL', order_amount: '1.000', order_currency: 'KWD' }))).body).toMatchObject({
      amount: '1.000',
      commission: '0.020',
      total_amount: '1.020',
    });
  });

  it('rejects a zero amount (no auth on a debit)', async () => {
    const res = await post(apmSale(merchant, { action: 'DEBIT2VIRTUAL', order_amount: '0.00', auth: 'Y' }));
    expect(res.body.errors).toEqual([{ error_code: 100000, error_message: 'amount: This value should be greater than 0.' }]);
  });
});

describe('DEBIT2VIRTUAL_CALC + DEBIT2VIRTUAL_COMPLETE', () => {
  it('CALC prepares (SUCCESS/PREPARE with commission, no callback, no money); COMPLETE charges and calls back', async () => {
    const calc = await post(apmSale(merchant, { action: 'DEBIT2VIRTUAL_CALC', order_amount: '50.00' }));
    expect(calc.body).toMatchObject({
      action: 'DEBIT2VIRTUAL_CALC',
      result: 'SUCCESS',
      status: 'PREPARE',
      amount: '50.00',
      commission: '1.00',
      total_amount: '51.00',
    });
    const id = calc.body.trans_id as string;
    expect((await act('GET_TRANS_STATUS', id)).body.status).toBe('PREPARE');
    // Nothing to capture, refund or void before COMPLETE.
    expect((await act('CREDITVOID', id)).body.result).toBe('ERROR');
    // None recorded (the outbox is the only way a callback leaves), none delivered.
    expect(await callbackDeps().outbox.forPayment(id)).toHaveLength(0);
    await callbacksSettled(platform, [id]);
    expect(callbacks(id)).toHaveLength(0);

    const done = await act('DEBIT2VIRTUAL_COMPLETE', id);
    expect(done.body).toMatchObject({
      action: 'DEBIT2VIRTUAL_COMPLETE',
      result: 'SUCCESS',
      status: 'SETTLED',
      trans_id: id,
      amount: '50.00',
      commission: '1.00',
      total_amount: '51.00',
    });
    const cb = await eventually(() => callbacks(id)[0]);
    expect(cb.fields).toMatchObject({
      action: 'DEBIT2VIRTUAL_CALC',
      result: 'SUCCESS',
      status: 'SETTLED',
      commission: '1.00',
      total_amount: '51.00',
    });
    expect(cb.fields.hash).toBe(expectedCallbackHash(cb.fields, merchant.password));
    expect((await act('DEBIT2VIRTUAL_COMPLETE', id)).body).toMatchObject({
      result: 'ERROR',
      error_message: 'The debit is already completed.',
    });
  });

  it('a declined COMPLETE (fail@gmail.com) ends DECLINED', async () => {
    const calc = await post(apmSale(merchant, { action: 'DEBIT2VIRTUAL_CALC', identifier: FAIL_ID }));
    const done = await act('DEBIT2VIRTUAL_COMPLETE', calc.body.trans_id);
    expect(done.body).toMatchObject({ result: 'DECLINED', status: 'DECLINED', decline_reason: 'Declined by processing.' });
  });

  it('a redirect identifier sends the payer to the method page from COMPLETE', async () => {
    const calc = await post(apmSale(merchant, { action: 'DEBIT2VIRTUAL_CALC', identifier: REDIRECT_ID }));
    const done = await act('DEBIT2VIRTUAL_COMPLETE', calc.body.trans_id);
    expect(done.body).toMatchObject({ result: 'REDIRECT', status: 'REDIRECT', redirect_method: 'GET' });
    const page = await fetch(done.body.redirect_url);
    expect(await page.text()).toContain('10.20 USD');
  });

  it('concurrent COMPLETEs charge once', async () => {
    const id = (await post(apmSale(merchant, { action: 'DEBIT2VIRTUAL_CALC' }))).body.trans_id as string;
    const results = await Promise.all(Array.from({ length: 5 }, () => act('DEBIT2VIRTUAL_COMPLETE', id)));
    expect(results.filter((r) => r.body.result === 'SUCCESS')).toHaveLength(1);
    const p = await deps().payments.get(id);
    expect(p!.history.filter((h) => h.type === 'DEBIT')).toHaveLength(1);
    await callbacksSettled(platform, [id]);
    expect(callbacks(id)).toHaveLength(1);
  });

  it('COMPLETE: unknown trans_id is 101000; a SALE is an incorrect transaction; hash md5(upper(strrev(trans_id)) . PASSWORD)', async () => {
    expect((await act('DEBIT2VIRTUAL_COMPLETE', '00000000-0000-4000-8000-000000000000')).body).toMatchObject({ error_code: 101000 });
    const saleId = (await post(apmSale(merchant))).body.trans_id;
    expect((await act('DEBIT2VIRTUAL_COMPLETE', saleId)).body).toMatchObject({
      result: 'ERROR',
      error_code: 100000,
      error_message: 'Incorrect transaction',
    });
    const id = (await post(apmSale(merchant, { action: 'DEBIT2VIRTUAL_CALC' }))).body.trans_id;
    expect(
      (await post({ ...apmFollowUp(merchant, 'DEBIT2VIRTUAL_COMPLETE', id), hash: 'f'.repeat(32) })).body.errors[0].error_message,
    ).toBe('hash: Hash is not valid.');
  });
});
