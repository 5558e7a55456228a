/**
 * Issue 9 items 1 and 2: a SALE on a DMS-only merchant is held (not refused), MIDs stored without a payment mode
 * are SMS/DMS, and action=AUTH is an authorization with SALE's hash and answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant, Mid } from '../../../shared/domain/merchant.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { eventually, postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { saleFields, transIdFields } from '../../support/s2s.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';

const platform = usePlatform();
let shop: MerchantServer;
let post: (fields: Record<string, unknown>) => Promise<{ status: number; body: any }>;

beforeAll(async () => {
  shop = await startMerchantServer();
  post = (fields) => postForm(`${platform.url}/post`, fields as never);
});
afterAll(async () => {
  await shop?.close();
});

const midOf = async (transId: string) => (await deps().payments.get(transId))!.midId;
const callback = (transId: string, action: string) =>
  eventually(() => shop.received.find((c) => c.fields.trans_id === transId && c.fields.action === action));

describe('spec transition table: "payment, two-stage MID | SALE | MID in DMS mode → PENDING, stays until captured"', () => {
  let dmsOnly: Merchant;
  beforeAll(async () => {
    dmsOnly = await testMerchant({ notificationUrl: shop.url, mids: [{ paymentMode: 'DMS', name: 'dms' }] });
  });

  it('a SALE on a merchant whose only MID is DMS is held there (SUCCESS/PENDING), then captured', async () => {
    const sale = await post(saleFields(dmsOnly));
    expect(sale.status).toBe(200);
    expect(sale.body).toMatchObject({ action: 'SALE', result: 'SUCCESS', status: 'PENDING', amount: '10.00' });
    const { mids } = (await deps().merchants.get(dmsOnly.clientKey))!;
    expect(await midOf(sale.body.trans_id)).toBe(mids[0]!.midId);
    expect((await callback(sale.body.trans_id, 'SALE')).fields).toMatchObject({ result: 'SUCCESS', status: 'PENDING' });
    // "stays until captured"
    expect((await post(transIdFields(dmsOnly, 'GET_TRANS_STATUS', sale.body.trans_id))).body.status).toBe('PENDING');
    const captured = await post(transIdFields(dmsOnly, 'CAPTURE', sale.body.trans_id));
    expect(captured.body).toMatchObject({ action: 'CAPTURE', result: 'SUCCESS', status: 'SETTLED', amount: '10.00' });
  });

  it('an SMS or SMS/DMS MID still takes a sale at once when the merchant has one', async () => {
    const both = await testMerchant({
      mids: [
        { paymentMode: 'DMS', name: 'dms' },
        { paymentMode: 'SMS/DMS', name: 'both' },
      ],
    });
    const sale = await post(saleFields(both));
    expect(sale.body).toMatchObject({ result: 'SUCCESS', status: 'SETTLED' });
    const { mids } = (await deps().merchants.get(both.clientKey))!;
    expect(await midOf(sale.body.trans_id)).toBe(mids.find((m) => m.name === 'both')!.midId);
  });

  it('a MOTO sale falls back to a MOTO-enabled DMS MID; without one anywhere it is 204025', async () => {
    const m = await testMerchant({ mids: [{ paymentMode: 'SMS' }, { paymentMode: 'DMS', moto: true }] });
    expect((await post(saleFields(m, { moto_type: 'phone_moto' }))).body).toMatchObject({ result: 'SUCCESS', status: 'PENDING' });
    expect((await post(saleFields(dmsOnly, { moto_type: 'phone_moto' }))).body).toMatchObject({ result: 'ERROR', error_code: 204025 });
  });

  it('a DEBIT is never held: on a DMS-only merchant it is still 204002', async () => {
    const res = await post(saleFields(dmsOnly, { action: 'DEBIT' }));
    expect(res.body).toMatchObject({ result: 'ERROR', error_code: 204002 });
  });
});

describe('6.7.0: "Merchants without an explicit mode migrate to SMS/DMS"', () => {
  it('a MID stored without a payment mode is read as SMS/DMS: it takes sales and authorizations', async () => {
    const m = await testMerchant({ mids: [] });
    const legacy = {
      midId: 'legacy-mid',
      name: 'legacy',
      moto: false,
      zeroAmount: false,
      connector: 'sandbox',
      enabled: true,
      descriptor: 'OLD',
    };
    await deps().merchants.putMid(m.clientKey, legacy as unknown as Mid);
    expect((await deps().merchants.get(m.clientKey))!.mids[0]).toMatchObject({ midId: 'legacy-mid', paymentMode: 'SMS/DMS' });
    expect((await post(saleFields(m))).body).toMatchObject({ result: 'SUCCESS', status: 'SETTLED' });
    expect((await post(saleFields(m, { auth: 'Y' }))).body).toMatchObject({ result: 'SUCCESS', status: 'PENDING' });
  });
});

describe('spec Endpoints: "AUTH | CARD" — an authorization, same hash and answers as SALE with auth=Y', () => {
  let merchant: Merchant;
  beforeAll(async () => {
    merchant = await testMerchant({ notificationUrl: shop.url });
  });

  it('action=AUTH with the Formula 1 hash holds the funds (SUCCESS/PENDING) and can be captured', async () => {
    const fields = saleFields(merchant, { action: 'AUTH' });
    const res = await post(fields);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      action: 'AUTH',
      result: 'SUCCESS',
      status: 'PENDING',
      order_id: fields.order_id,
      amount: '10.00',
      currency: 'USD',
    });
    const asSale = await post(saleFields(merchant, { auth: 'Y' }));
    expect(Object.keys(res.body).sort()).toEqual(Object.keys(asSale.body).sort());
    expect((await callback(res.body.trans_id, 'AUTH')).fields).toMatchObject({ result: 'SUCCESS', status: 'PENDING' });
    const details = await post(transIdFields(merchant, 'GET_TRANS_DETAILS', res.body.trans_id));
    expect(details.body.transactions).toEqual([expect.objectContaining({ type: 'AUTH', status: 'success' })]);
    expect((await post(transIdFields(merchant, 'CAPTURE', res.body.trans_id, { extra: { amount: '4.00' } }))).body).toMatchObject({
      result: 'SUCCESS',
      status: 'SETTLED',
      amount: '4.00',
    });
  });

  it('auth=N does not turn AUTH into a sale; declines, 3DS and a wrong hash answer as for SALE', async () => {
    expect((await post(saleFields(merchant, { action: 'AUTH', auth: 'N' }))).body).toMatchObject({ result: 'SUCCESS', status: 'PENDING' });
    expect((await post(saleFields(merchant, { action: 'AUTH', card_exp_month: '02' }))).body).toMatchObject({
      action: 'AUTH',
      result: 'DECLINED',
      status: 'DECLINED',
    });
    expect((await post(saleFields(merchant, { action: 'AUTH', card_exp_month: '05' }))).body).toMatchObject({
      action: 'AUTH',
      result: 'REDIRECT',
      status: '3DS',
    });
    const wrong = await post(saleFields(merchant, { action: 'AUTH', hash: 'deadbeef' }));
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([{ error_code: 100000, error_message: 'hash: Hash is not valid.' }]);
  });

  it('an authorization needs a DMS or SMS/DMS MID: 204002 on an SMS-only merchant', async () => {
    const smsOnly = await testMerchant({ mids: [{ paymentMode: 'SMS' }] });
    expect((await post(saleFields(smsOnly, { action: 'AUTH' }))).body).toMatchObject({ result: 'ERROR', error_code: 204002 });
  });
});
