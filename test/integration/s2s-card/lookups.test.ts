/** GET_TRANS_DETAILS (with history), GET_TRANS_STATUS_BY_ORDER (both hash forms), the 6.7.0 status attributes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { DEFAULT_MAPPINGS } from '../../../shared/domain/merchant.js';
import { eventually, postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { byOrderFields, saleFields, transIdFields } from '../../support/s2s.js';

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

describe('GET_TRANS_DETAILS', () => {
  it('returns payer, amount, masked card and the transaction history', async () => {
    const sale = await post(saleFields(merchant, { auth: 'Y' }));
    const id = sale.body.trans_id;
    await post(transIdFields(merchant, 'CAPTURE', id, { extra: { amount: '6.00' } }));
    await post(transIdFields(merchant, 'CREDITVOID', id, { extra: { amount: '1.50' } }));
    const res = await post(transIdFields(merchant, 'GET_TRANS_DETAILS', id));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      action: 'GET_TRANS_DETAILS',
      result: 'SUCCESS',
      status: 'SETTLED',
      trans_id: id,
      name: 'John Doe',
      mail: 'doe@example.com',
      ip: '123.123.123.123',
      amount: '10.00',
      currency: 'USD',
      card: '411111****1111',
    });
    expect(res.body.transactions.map((t: { type: string; status: string; amount: string }) => [t.type, t.status, t.amount])).toEqual([
      ['AUTH', 'success', '10.00'],
      ['CAPTURE', 'success', '6.00'],
      ['REFUND', 'success', '1.50'],
    ]);
    for (const t of res.body.transactions) expect(t.date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('an unknown trans_id is 101000 "Transaction does not exist."; a malformed one too', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await post(transIdFields(merchant, 'GET_TRANS_DETAILS', id));
      expect(res.body).toMatchObject({ result: 'ERROR', error_code: 101000, error_message: 'Transaction does not exist.' });
    }
  });

  it("another merchant's trans_id does not exist for this merchant", async () => {
    const sale = await post(saleFields(merchant));
    const other = await testMerchant();
    const res = await post(transIdFields(other, 'GET_TRANS_DETAILS', sale.body.trans_id));
    expect(res.body).toMatchObject({ error_code: 101000 });
  });
});

describe('GET_TRANS_STATUS_BY_ORDER', () => {
  it('answers the latest transaction of the order, signed with order_id (Formula 7) or its trans_id (Formula 2)', async () => {
    const orderId = `order-${Date.now()}`;
    const first = await post(saleFields(merchant, { order_id: orderId, card_exp_month: '02' }));
    await new Promise((r) => setTimeout(r, 5));
    const second = await post(saleFields(merchant, { order_id: orderId }));
    expect(first.body.status).toBe('DECLINED');

    const byOrderId = await post(byOrderFields(merchant, orderId));
    expect(byOrderId.body).toMatchObject({
      action: 'GET_TRANS_STATUS_BY_ORDER',
      result: 'SUCCESS',
      status: 'SETTLED',
      trans_id: second.body.trans_id,
      order_id: orderId,
    });
    const byTransId = await post(byOrderFields(merchant, orderId, { transId: second.body.trans_id }));
    expect(byTransId.body).toMatchObject({ result: 'SUCCESS', trans_id: second.body.trans_id });
  });

  it('an unknown order is 101000 "Order does not exist."; a wrong hash is rejected', async () => {
    const missing = await post(byOrderFields(merchant, 'no-such-order'));
    expect(missing.body).toMatchObject({ result: 'ERROR', error_code: 101000, error_message: 'Order does not exist.' });
    const sale = await post(saleFields(merchant));
    const bad = await post(byOrderFields(merchant, sale.body.order_id, { email: 'x@example.com' }));
    expect(bad.body.errors).toEqual([{ error_code: 100000, error_message: 'hash: Hash is not valid.' }]);
  });
});

describe('6.7.0 attributes', () => {
  it('status responses carry card, expiry, brand and RRN/ARN; callbacks carry RRN and ARN', async () => {
    const sale = await post(saleFields(merchant));
    const status = await post(transIdFields(merchant, 'GET_TRANS_STATUS', sale.body.trans_id));
    expect(status.body).toMatchObject({ card: '411111****1111', card_expiration_date: '01/2038', brand: 'visa' });
    expect(status.body.RRN).toMatch(/^\d{12}$/);
    expect(status.body.ARN).toMatch(/^\d{23}$/);
    const cb = await eventually(() => shop.received.find((c) => c.fields.trans_id === sale.body.trans_id));
    expect(cb.fields).toMatchObject({
      card: '411111****1111',
      card_expiration_date: '01/2038',
      brand: 'visa',
      RRN: status.body.RRN,
      ARN: status.body.ARN,
    });
  });

  it('a declined payment has no ARN in its status response', async () => {
    const sale = await post(saleFields(merchant, { card_exp_month: '02' }));
    const status = await post(transIdFields(merchant, 'GET_TRANS_STATUS', sale.body.trans_id));
    expect(status.body).not.toHaveProperty('ARN');
    expect(status.body.RRN).toMatch(/^\d{12}$/);
  });

  it('payer attributes appear only when the merchant mapping turns them on; browser attributes are echoed', async () => {
    const browser = {
      browser_accept_headers: 'text/html',
      browser_user_agent: 'Mozilla/5.0',
      browser_color_depth: '24',
      browser_language: 'en-US',
    };
    const off = await post(saleFields(merchant, browser));
    const offStatus = await post(transIdFields(merchant, 'GET_TRANS_STATUS', off.body.trans_id));
    expect(offStatus.body).not.toHaveProperty('payer_first_name');
    expect(offStatus.body).toMatchObject(browser);

    const payerMerchant = await testMerchant({ notificationUrl: shop.url });
    await deps().merchants.update(payerMerchant.clientKey, { mappings: { ...DEFAULT_MAPPINGS, payer: true } });
    const on = await post(saleFields(payerMerchant, { payer_phone_country_code: '1-684' }));
    const onStatus = await post(transIdFields(payerMerchant, 'GET_TRANS_STATUS', on.body.trans_id));
    expect(onStatus.body).toMatchObject({
      payer_first_name: 'John',
      payer_last_name: 'Doe',
      payer_email: 'doe@example.com',
      payer_state: 'CA',
      payer_phone_country_code: '1-684',
    });
    const cb = await eventually(() => shop.received.find((c) => c.fields.trans_id === on.body.trans_id));
    expect(cb.fields).toMatchObject({ payer_first_name: 'John', payer_country: 'US', payer_ip: '123.123.123.123' });
  });
});
