/** @open-payments/node drives every S2S CARD and S2S APM action against the local platform, and their error paths. */
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError, paymentKeys, type OpenPayments } from '@open-payments/node';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { testMerchant, usePlatform } from '../../support/platform.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { merchantSettings } from '../../../shared/operations/admin/merchants.js';
import { apmSale, CARD, EMAIL, PAYOUT_CARD, sale, sdkFor, uid } from './support.js';

const platform = usePlatform();
let merchant: Merchant;
let op: OpenPayments;

beforeAll(async () => {
  merchant = await testMerchant();
  op = sdkFor(platform.url, merchant);
});

const keys = { payer_email: EMAIL, card_number: CARD };

describe('S2S CARD', () => {
  it('SALE, AUTH + CAPTURE, CREDITVOID, VOID and the three lookups', async () => {
    const s = await op.card.sale(sale('01', { recurring_init: 'Y', req_token: 'Y' }));
    expect(s).toMatchObject({ action: 'SALE', result: 'SUCCESS', status: 'SETTLED' });
    expect(await op.card.sale(sale('02'))).toMatchObject({ result: 'DECLINED', status: 'DECLINED' });
    expect(await op.card.sale(sale('05'))).toMatchObject({ result: 'REDIRECT', status: '3DS' });

    const a = await op.card.auth(sale('01'));
    expect(a).toMatchObject({ action: 'AUTH', result: 'SUCCESS', status: 'PENDING' });
    expect(await op.card.capture({ trans_id: a.trans_id!, amount: '4.00' }, keys)).toMatchObject({
      result: 'SUCCESS',
      status: 'SETTLED',
      amount: '4.00',
    });

    expect(await op.card.creditvoid({ trans_id: s.trans_id!, amount: '3.00' }, keys)).toMatchObject({ result: 'ACCEPTED' });
    expect(await op.card.getTransStatus({ trans_id: s.trans_id! }, keys)).toMatchObject({ result: 'SUCCESS', trans_id: s.trans_id });
    expect(await op.card.getTransDetails({ trans_id: s.trans_id! }, keys)).toMatchObject({ result: 'SUCCESS' });
    expect(await op.card.getTransStatusByOrder({ order_id: s.order_id! }, keys)).toMatchObject({ result: 'SUCCESS', order_id: s.order_id });

    const v = await op.card.sale(sale('01'));
    expect(await op.card.void({ trans_id: v.trans_id! }, keys)).toMatchObject({ result: 'SUCCESS', status: 'VOID' });

    // Recurring on the initial pair, Formula 1 over the initial payment's email and card.
    const r = await op.card.recurringSale(
      {
        order_id: uid('R'),
        order_amount: '5.00',
        order_description: 'Monthly',
        recurring_first_trans_id: s.trans_id!,
        recurring_token: s.recurring_token!,
      },
      keys,
    );
    expect(r).toMatchObject({ action: 'RECURRING_SALE', result: 'SUCCESS', status: 'SETTLED' });
    // Saved card: Formula 1 with the card_token in place of the card.
    const byToken = await op.card.sale(
      sale('01', { card_number: undefined, card_exp_month: undefined, card_exp_year: undefined, card_token: s.card_token }),
    );
    expect(byToken).toMatchObject({ result: 'SUCCESS', status: 'SETTLED' });
  });

  it('DEBIT, CREDIT2CARD (Formula 5, follow-ups with 6), CARD2CARD and the /v2/post list of redirect_params', async () => {
    expect(await op.card.debit(sale('01', { extra: { payee_first_name: 'Jane' } }))).toMatchObject({ action: 'DEBIT', result: 'SUCCESS' });
    const c = await op.card.credit2card({
      order_id: uid('P'),
      order_amount: '25.00',
      order_currency: 'USD',
      order_description: 'Payout',
      card_number: PAYOUT_CARD,
      expiry: '01/2038',
    });
    expect(c).toMatchObject({ action: 'CREDIT2CARD', result: 'SUCCESS', status: 'SETTLED' });
    const payout = paymentKeys({ card_number: PAYOUT_CARD }, { credit2card: true });
    expect(await op.card.getTransStatus({ trans_id: c.trans_id! }, payout)).toMatchObject({ result: 'SUCCESS', status: 'SETTLED' });
    const t = await op.card.card2card({
      order_id: uid('C'),
      order_amount: '15.00',
      order_currency: 'USD',
      order_description: 'Transfer',
      payer_card_number: CARD,
      payer_card_exp_month: '01',
      payer_card_exp_year: '2038',
      payer_card_cvv2: '123',
      payee_card_number: PAYOUT_CARD,
      payer_email: EMAIL,
      payer_ip: '203.0.113.7',
      term_url_3ds: 'https://shop.example/return',
    });
    expect(t).toMatchObject({ action: 'CARD2CARD', result: 'SUCCESS' });
    const v2 = sdkFor(platform.url, merchant, { s2sCardPath: '/v2/post' });
    const redirect = await v2.card.sale(sale('05'));
    expect(Array.isArray(redirect.redirect_params)).toBe(true);
  });

  it('schedules: CREATE (Formula 3), INFO, UPDATE, PAUSE, RUN, DESCHEDULE and DELETE (Formula 4)', async () => {
    const created = await op.card.createSchedule({
      name: 'Monthly',
      interval_length: 1,
      interval_unit: 'month',
      day_of_month: 31,
      payments_count: 12,
    });
    const schedule_id = created.schedule_id!;
    expect(created).toMatchObject({ action: 'CREATE_SCHEDULE', result: 'SUCCESS' });
    expect(await op.card.scheduleInfo({ schedule_id })).toMatchObject({ name: 'Monthly', interval_unit: 'month' });
    expect(await op.card.updateSchedule({ schedule_id, name: 'Monthly plan' })).toMatchObject({ result: 'SUCCESS' });
    expect(await op.card.pauseSchedule({ schedule_id })).toMatchObject({ result: 'SUCCESS' });
    expect(await op.card.scheduleInfo({ schedule_id })).toMatchObject({ name: 'Monthly plan', paused: 'Y' });
    expect(await op.card.runSchedule({ schedule_id })).toMatchObject({ result: 'SUCCESS' });
    const s = await op.card.sale(sale('01', { recurring_init: 'Y', schedule_id }));
    expect(await op.card.deschedule({ schedule_id, recurring_token: s.recurring_token! })).toMatchObject({ result: 'SUCCESS' });
    expect(await op.card.deleteSchedule({ schedule_id })).toMatchObject({ result: 'SUCCESS' });
  });

  it('error paths: validation, wrong password, unknown trans_id, refused follow-ups, RETRY not allowed', async () => {
    const invalid = await op.card.sale(sale('01', { order_amount: '10', payer_email: EMAIL })).catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(ApiError);
    expect(invalid).toMatchObject({ httpStatus: 400, error_code: 100000, error_message: 'Request data is invalid.' });
    expect((invalid as ApiError).errors.map((e) => e.error_message)).toContain('order_amount: This value is not valid.');

    const wrong = sdkFor(platform.url, { ...merchant, password: 'not-the-password' });
    await expect(wrong.card.sale(sale('01'))).rejects.toMatchObject({
      kind: 'api_error',
      errors: [{ error_message: 'hash: Hash is not valid.' }],
    });

    const unknown = '00000000-0000-4000-8000-000000000000';
    await expect(op.card.getTransStatus({ trans_id: unknown }, keys)).rejects.toMatchObject({ error_code: 101000 });
    const s = await op.card.sale(sale('01'));
    await expect(op.card.capture({ trans_id: s.trans_id! }, keys)).rejects.toMatchObject({ error_code: 208003 });
    await expect(op.card.retry({ trans_id: s.trans_id! }, keys)).rejects.toMatchObject({ error_message: 'Retry is not allowed.' });
    // Follow-up signed over the wrong card: the platform cannot tell it from a wrong password.
    await expect(op.card.void({ trans_id: s.trans_id! }, { payer_email: EMAIL, card_number: PAYOUT_CARD })).rejects.toMatchObject({
      httpStatus: 400,
    });
  });
});

describe('S2S APM', () => {
  it('SALE, GET_TRANS_STATUS, CREDITVOID, VOID, CAPTURE of an auth, payouts and both debits', async () => {
    const s = await op.apm.sale(apmSale());
    expect(s).toMatchObject({ action: 'SALE', result: 'SUCCESS', status: 'SETTLED' });
    expect(await op.apm.sale(apmSale('fail@gmail.com'))).toMatchObject({ result: 'DECLINED' });
    expect(await op.apm.getTransStatus({ trans_id: s.trans_id! })).toMatchObject({ result: 'SUCCESS', status: 'SETTLED' });
    expect(await op.apm.creditvoid({ trans_id: s.trans_id!, amount: '3.00' })).toMatchObject({ result: 'ACCEPTED' });
    const v = await op.apm.sale(apmSale());
    expect(await op.apm.void({ trans_id: v.trans_id! })).toMatchObject({ result: 'SUCCESS', status: 'VOID' });
    const held = await op.apm.sale({ ...apmSale(), extra: { auth: 'Y' } });
    expect(held).toMatchObject({ result: 'SUCCESS', status: 'PENDING' });
    expect(await op.apm.capture({ trans_id: held.trans_id!, amount: '4.00' })).toMatchObject({ result: 'SUCCESS', status: 'SETTLED' });

    const payout = await op.apm.credit2virtual({ ...apmSale(), order_amount: '25.00', return_url: undefined });
    expect(payout).toMatchObject({ action: 'CREDIT2VIRTUAL', result: 'SUCCESS', status: 'SETTLED' });
    expect(await op.apm.debit2virtual(apmSale())).toMatchObject({
      action: 'DEBIT2VIRTUAL',
      result: 'SUCCESS',
      commission: expect.any(String),
    });
    const calc = await op.apm.debit2virtualCalc({ ...apmSale(), order_amount: '50.00' });
    expect(calc).toMatchObject({ action: 'DEBIT2VIRTUAL_CALC', status: 'PREPARE' });
    expect(await op.apm.debit2virtualComplete({ trans_id: calc.trans_id! })).toMatchObject({
      result: 'SUCCESS',
      status: 'SETTLED',
      total_amount: calc.total_amount,
    });
  });

  it('error paths carry error_code and error_message', async () => {
    await expect(op.apm.sale({ ...apmSale(), brand: 'nosuchbrand' })).rejects.toMatchObject({ kind: 'api_error', error_code: 204004 });
    await expect(op.apm.getTransStatus({ trans_id: '00000000-0000-4000-8000-000000000000' })).rejects.toMatchObject({ error_code: 101000 });
    const wrong = sdkFor(platform.url, { ...merchant, password: 'nope' });
    await expect(wrong.apm.sale(apmSale())).rejects.toMatchObject({ errors: [{ error_message: 'hash: Hash is not valid.' }] });
  });
});

describe('SHA256 mode', () => {
  it('a merchant on sha256 is served by hashAlgorithm sha256, and refuses md5 hashes', async () => {
    const m = await testMerchant();
    const d = deps();
    await d.merchants.update(m.clientKey, merchantSettings((await d.merchants.get(m.clientKey))!.merchant, { hashAlgorithm: 'sha256' }));
    const sha = sdkFor(platform.url, m, { hashAlgorithm: 'sha256' });
    const s = await sha.card.sale(sale('01'));
    expect(s).toMatchObject({ result: 'SUCCESS', status: 'SETTLED' });
    expect(await sha.card.getTransStatus({ trans_id: s.trans_id! }, keys)).toMatchObject({ result: 'SUCCESS' });
    expect(await sha.apm.sale(apmSale())).toMatchObject({ result: 'SUCCESS' });
    expect(
      (
        await sha.checkout.createSession({
          operation: 'purchase',
          order: { number: uid('o'), amount: '1.00', currency: 'USD', description: 'Socks' },
          success_url: 'https://shop.example/s',
        })
      ).redirect_url,
    ).toBeTypeOf('string');
    await expect(sdkFor(platform.url, m).card.sale(sale('01'))).rejects.toMatchObject({
      errors: [{ error_message: 'hash: Hash is not valid.' }],
    });
  });
});
