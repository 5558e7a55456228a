/** DEBIT, CREDIT2CARD (Formulas 5 and 6, parameter sets 1–3) and CARD2CARD. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { formula6 } from '../../../shared/protocol/signature.js';
import { eventually, postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { PAYOUT_CARD, card2cardFields, credit2cardFields, saleFields, transIdFields } from '../../support/s2s.js';

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

const messages = (body: any): string[] => (body.errors ?? []).map((e: { error_message: string }) => e.error_message);
const callbacksFor = (transId: string) => shop.received.filter((c) => c.fields.trans_id === transId);
const payoutStatus = (transId: string) => ({
  action: 'GET_TRANS_STATUS',
  client_key: merchant.clientKey,
  trans_id: transId,
  hash: formula6({ password: merchant.password, transId, cardNumber: PAYOUT_CARD }),
});

describe('DEBIT', () => {
  it('settles with optional sender and receiver fields; the callback carries card_token and the masked card', async () => {
    const res = await post(
      saleFields(merchant, {
        action: 'DEBIT',
        payer_first_name: undefined,
        payer_last_name: undefined,
        payer_phone: undefined,
        payer_identity_type: '1',
        payer_identity_id: 'X123',
        payee_first_name: 'Jane',
        payee_country: 'DE',
      }),
    );
    expect(res.body).toMatchObject({ action: 'DEBIT', result: 'SUCCESS', status: 'SETTLED' });
    const cb = await eventually(() => callbacksFor(res.body.trans_id)[0]);
    expect(cb.fields).toMatchObject({
      action: 'DEBIT',
      result: 'SUCCESS',
      status: 'SETTLED',
      card: '411111****1111',
      card_expiration_date: '01/2038',
    });
    expect(cb.fields.card_token).toMatch(/^[0-9a-f]{64}$/);
    expect((await deps().payments.get(res.body.trans_id))!.details.extras).toMatchObject({
      payer_identity_type: '1',
      payee_first_name: 'Jane',
    });
  });

  it('validates the extras by name, also inside parameters[...]', async () => {
    const res = await post(
      saleFields(merchant, { action: 'DEBIT', payer_identity_type: '9', 'parameters[payee_identity_type]': '0' } as never),
    );
    expect(messages(res.body)).toEqual([
      'payer_identity_type: The value you selected is not a valid choice.',
      'parameters[payee_identity_type]: The value you selected is not a valid choice.',
    ]);
  });

  it('a 3DS card on DEBIT answers REDIRECT', async () => {
    const res = await post(saleFields(merchant, { action: 'DEBIT', card_exp_month: '05' }));
    expect(res.body).toMatchObject({
      action: 'DEBIT',
      result: 'REDIRECT',
      status: '3DS',
      redirect_url: expect.stringContaining('/threeds/'),
    });
  });
});

describe('CREDIT2CARD', () => {
  it('4601541833776519 is paid out (Formula 5); status and callback are signed with Formula 6', async () => {
    const res = await post(credit2cardFields(merchant, { payee_first_name: 'Jane', payee_last_name: 'Roe' }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ action: 'CREDIT2CARD', result: 'SUCCESS', status: 'SETTLED', amount: '25.00' });
    const status = await post(payoutStatus(res.body.trans_id));
    expect(status.body).toMatchObject({ result: 'SUCCESS', status: 'SETTLED', card: '460154****6519' });
    const cb = await eventually(() => callbacksFor(res.body.trans_id)[0]);
    expect(cb.fields).toMatchObject({ action: 'CREDIT2CARD', result: 'SUCCESS', status: 'SETTLED' });
    expect(cb.fields.hash).toBe(formula6({ password: merchant.password, transId: res.body.trans_id, cardNumber: PAYOUT_CARD }));
  });

  it('another card is declined; a Formula 1 hash is not accepted', async () => {
    expect(
      (await post(credit2cardFields(merchant, { card_number: '4111111111111111', card_exp_month: '02', card_exp_year: '2038' }))).body,
    ).toMatchObject({ result: 'DECLINED', status: 'DECLINED' });
    const f1 = saleFields(merchant).hash as string;
    expect(messages((await post(credit2cardFields(merchant, { hash: f1 }))).body)).toEqual(['hash: Hash is not valid.']);
  });

  it('set 1: payer_account_number is required once a set-1 field is sent', async () => {
    expect(messages((await post(credit2cardFields(merchant, { payer_nationality: 'DE' }))).body)).toEqual([
      'payer_account_number: This value should not be blank.',
    ]);
    expect((await post(credit2cardFields(merchant, { payer_nationality: 'DE', payer_account_number: 'N/A' }))).body.result).toBe('SUCCESS');
  });

  it('set 2: card_exp_month (2 digits) and card_exp_year (4 digits) together', async () => {
    expect(messages((await post(credit2cardFields(merchant, { card_exp_month: '1' }))).body)).toEqual([
      'card_exp_month: This value is not valid.',
      'card_exp_year: This value should not be blank.',
    ]);
    expect((await post(credit2cardFields(merchant, { card_exp_month: '01', card_exp_year: '2038' }))).body.result).toBe('SUCCESS');
  });

  it('set 3: expiry as MM/YYYY, also inside parameters[...]', async () => {
    expect(messages((await post(credit2cardFields(merchant, { expiry: '1/38' }))).body)).toEqual(['expiry: This value is not valid.']);
    expect(messages((await post(credit2cardFields(merchant, { 'parameters[expiry]': '13/2038' } as never))).body)).toEqual([
      'parameters[expiry]: This value is not valid.',
    ]);
    const ok = await post(credit2cardFields(merchant, { expiry: '01/2038' }));
    expect(ok.body.result).toBe('SUCCESS');
    expect((await post(payoutStatus(ok.body.trans_id))).body.card_expiration_date).toBe('01/2038');
  });

  it('a payout cannot be refunded', async () => {
    const res = await post(credit2cardFields(merchant));
    const refund = await post({ ...payoutStatus(res.body.trans_id), action: 'CREDITVOID' });
    expect(refund.body).toMatchObject({ result: 'ERROR', error_message: 'Refund is not allowed' });
  });
});

describe('CARD2CARD', () => {
  it('moves money from the payer card to the payee card; the payee card is kept masked', async () => {
    const res = await post(card2cardFields(merchant, { payer_identity_type: '5', payer_identity_id: 'ID-1', payer_type: '2' }));
    expect(res.body).toMatchObject({ action: 'CARD2CARD', result: 'SUCCESS', status: 'SETTLED', amount: '15.00' });
    const stored = (await deps().payments.get(res.body.trans_id))!;
    expect(stored.details).toMatchObject({ payeeCard: '460154****6519', extras: { payer_identity_type: '5', payer_type: '2' } });
    expect(JSON.stringify(stored)).not.toContain(PAYOUT_CARD);
    const status = await post(transIdFields(merchant, 'GET_TRANS_STATUS', res.body.trans_id));
    expect(status.body).toMatchObject({ status: 'SETTLED', card: '411111****1111' });
  });

  it('identity type 1–8 and payer type 0–3; payee card required', async () => {
    const res = await post(card2cardFields(merchant, { payer_identity_type: '0', payer_type: '4', payee_card_number: undefined }));
    expect(messages(res.body)).toEqual([
      'payee_card_number: This value should not be blank.',
      'payer_identity_type: The value you selected is not a valid choice.',
      'payer_type: The value you selected is not a valid choice.',
    ]);
  });

  it('a 3DS payer card answers REDIRECT', async () => {
    const res = await post(card2cardFields(merchant, { payer_card_exp_month: '05' }));
    expect(res.body).toMatchObject({ action: 'CARD2CARD', result: 'REDIRECT', status: '3DS' });
  });
});
