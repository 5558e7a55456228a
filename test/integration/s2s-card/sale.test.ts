import { beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { saleFields, transIdFields } from '../../support/s2s.js';

const platform = usePlatform();
let merchant: Merchant;

beforeAll(async () => {
  merchant = await testMerchant();
});

describe('S2S CARD SALE', () => {
  it('settles with the sandbox card 01/2038 and reports the stored status', async () => {
    const fields = saleFields(merchant);
    const res = await postForm(`${platform.url}/post`, fields);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      action: 'SALE',
      result: 'SUCCESS',
      status: 'SETTLED',
      order_id: fields.order_id,
      amount: '10.00',
      currency: 'USD',
    });
    expect(res.body.trans_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.trans_date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const status = await postForm(`${platform.url}/post`, transIdFields(merchant, 'GET_TRANS_STATUS', res.body.trans_id));
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({
      action: 'GET_TRANS_STATUS',
      result: 'SUCCESS',
      status: 'SETTLED',
      order_id: fields.order_id,
      trans_id: res.body.trans_id,
      card: '411111****1111',
      card_expiration_date: '01/2038',
    });
  });

  it('declines 02/2038', async () => {
    const res = await postForm(`${platform.url}/post`, saleFields(merchant, { card_exp_month: '02' }));
    expect(res.body).toMatchObject({ result: 'DECLINED', status: 'DECLINED', decline_reason: 'Declined by processing.' });
  });

  it('holds funds with auth=Y', async () => {
    const res = await postForm(`${platform.url}/post`, saleFields(merchant, { auth: 'Y' }));
    expect(res.body).toMatchObject({ result: 'SUCCESS', status: 'PENDING' });
  });

  it('rejects a wrong hash in the protocol error format', async () => {
    const res = await postForm(`${platform.url}/post`, saleFields(merchant, { hash: 'deadbeef' }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ result: 'ERROR', errors: [{ error_code: 100000, error_message: 'hash: Hash is not valid.' }] });
  });

  it('names every invalid field', async () => {
    const res = await postForm(`${platform.url}/post`, saleFields(merchant, { card_number: undefined, order_amount: '0.00' }));
    expect(res.status).toBe(400);
    const messages = res.body.errors.map((e: { error_message: string }) => e.error_message);
    expect(messages).toContain('card_number: This value should not be blank.');
  });

  it('answers an unknown transaction with 101000', async () => {
    const res = await postForm(`${platform.url}/post`, transIdFields(merchant, 'GET_TRANS_STATUS', '00000000-0000-4000-8000-000000000000'));
    expect(res.body).toMatchObject({ result: 'ERROR', error_code: 101000, error_message: 'Transaction does not exist.' });
  });

  it('replays an identical request instead of charging twice', async () => {
    const fields = saleFields(merchant);
    const [a, b] = await Promise.all([postForm(`${platform.url}/post`, fields), postForm(`${platform.url}/post`, fields)]);
    const ok = [a, b].filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    const again = await postForm(`${platform.url}/post`, fields);
    expect(again.body.trans_id).toBe(ok[0]!.body.trans_id);
  });
});
