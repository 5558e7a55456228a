/** MID routing, moto_type, zero amounts, mpi_data format table, payer field rules, parameters[...] sets, connectors. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { saleFields, transIdFields } from '../../support/s2s.js';

const platform = usePlatform();
let merchant: Merchant;
let post: (fields: Record<string, unknown>) => Promise<{ status: number; body: any }>;

beforeAll(async () => {
  merchant = await testMerchant();
  post = (fields) => postForm(`${platform.url}/post`, fields as never);
});

const messages = (body: any): string[] => (body.errors ?? []).map((e: { error_message: string }) => e.error_message);
const midOf = async (transId: string) => (await deps().payments.get(transId))!.midId;

describe('MID routing by payment mode', () => {
  it('a sale goes to SMS or SMS/DMS MIDs, an authorization to DMS or SMS/DMS', async () => {
    const m = await testMerchant({
      mids: [
        { paymentMode: 'SMS', name: 'sms' },
        { paymentMode: 'DMS', name: 'dms' },
      ],
    });
    const { mids } = (await deps().merchants.get(m.clientKey))!;
    const sms = mids.find((x) => x.name === 'sms')!.midId;
    const dms = mids.find((x) => x.name === 'dms')!.midId;
    const sale = await post(saleFields(m));
    const auth = await post(saleFields(m, { auth: 'Y' }));
    expect(sale.body.status).toBe('SETTLED');
    expect(auth.body.status).toBe('PENDING');
    expect(await midOf(sale.body.trans_id)).toBe(sms);
    expect(await midOf(auth.body.trans_id)).toBe(dms);
  });

  it('no MID for the mode: 204002', async () => {
    const smsOnly = await testMerchant({ mids: [{ paymentMode: 'SMS' }] });
    expect((await post(saleFields(smsOnly, { auth: 'Y' }))).body).toMatchObject({ result: 'ERROR', error_code: 204002 });
  });
});

describe('moto_type', () => {
  it('needs a MOTO-enabled MID (204025); there the CVV is optional', async () => {
    expect((await post(saleFields(merchant, { moto_type: 'phone_moto' }))).body).toMatchObject({ result: 'ERROR', error_code: 204025 });
    const moto = await testMerchant({ mids: [{ moto: true }] });
    const res = await post(saleFields(moto, { moto_type: 'email_moto', card_cvv2: undefined }));
    expect(res.body).toMatchObject({ result: 'SUCCESS', status: 'SETTLED' });
    expect((await post(transIdFields(moto, 'GET_TRANS_STATUS', res.body.trans_id))).body.moto_type).toBe('email_moto');
  });

  it('an unknown moto_type is a choice error; without moto_type the CVV is required', async () => {
    expect(messages((await post(saleFields(merchant, { moto_type: 'fax' }))).body)).toContain(
      'moto_type: The value you selected is not a valid choice.',
    );
    expect(messages((await post(saleFields(merchant, { card_cvv2: undefined }))).body)).toContain(
      'card_cvv2: This value should not be blank.',
    );
  });
});

describe('zero amount', () => {
  it('a plain SALE of zero: "amount: This value should be greater than 0."', async () => {
    const res = await post(saleFields(merchant, { order_amount: '0.00' }));
    expect(res.status).toBe(400);
    expect(messages(res.body)).toEqual(['amount: This value should be greater than 0.']);
  });

  it('zero with auth=Y or recurring_init=Y needs a MID that supports zero-value transactions', async () => {
    expect(messages((await post(saleFields(merchant, { order_amount: '0.00', auth: 'Y' }))).body)).toEqual([
      'amount: This value should be greater than 0.',
    ]);
    const zero = await testMerchant({ mids: [{ zeroAmount: true }] });
    expect((await post(saleFields(zero, { order_amount: '0.00', auth: 'Y' }))).body).toMatchObject({
      result: 'SUCCESS',
      status: 'PENDING',
      amount: '0.00',
    });
    const init = await post(saleFields(zero, { order_amount: '0.00', recurring_init: 'Y' }));
    expect(init.body).toMatchObject({ result: 'SUCCESS', amount: '0.00', recurring_token: expect.any(String) });
    expect(messages((await post(saleFields(zero, { order_amount: '0.00' }))).body)).toEqual([
      'amount: This value should be greater than 0.',
    ]);
  });
});

describe('mpi_data format table', () => {
  const valid = {
    'mpi_data[eci]': '05',
    'mpi_data[authentication_value]': 'A'.repeat(28),
    'mpi_data[ds_trans_id]': 'f25084f0-5b16-4c0a-ae5d-b24808a95e4b',
    'mpi_data[3ds_version]': '2.1.0',
  };
  const cases: Array<[Record<string, string | undefined>, string]> = [
    [{ 'mpi_data[eci]': '5' }, 'mpi_data[eci]: This value should have exactly 2 characters.'],
    [{ 'mpi_data[eci]': undefined }, 'mpi_data[eci]: This value should not be blank.'],
    [
      { 'mpi_data[authentication_value]': 'A'.repeat(27) },
      'mpi_data[authentication_value]: This value is too short. It should have 28 characters or more.',
    ],
    [
      { 'mpi_data[authentication_value]': 'A'.repeat(65) },
      'mpi_data[authentication_value]: This value is too long. It should have 64 characters or less.',
    ],
    [{ 'mpi_data[ds_trans_id]': 'not-a-uuid' }, 'mpi_data[ds_trans_id]: This is not a valid UUID.'],
    [{ 'mpi_data[3ds_version]': '2.1' }, 'mpi_data[3ds_version]: This value is not valid.'],
    [{ 'mpi_data[trans_status]': 'y' }, 'mpi_data[trans_status]: This value is not valid.'],
    [{ 'mpi_data[xid]': 'x'.repeat(65) }, 'mpi_data[xid]: This value is too long. It should have 64 characters or less.'],
  ];
  it.each(cases)('%o → %s', async (change, message) => {
    const res = await post(saleFields(merchant, { ...valid, ...change } as never));
    expect(res.status).toBe(400);
    expect(messages(res.body)).toEqual([message]);
  });

  it('valid values pass (xid up to 64, trans_status R); mpi_data is ignored with auth=Y', async () => {
    expect(
      (await post(saleFields(merchant, { ...valid, 'mpi_data[trans_status]': 'R', 'mpi_data[xid]': 'x'.repeat(64) } as never))).body.result,
    ).toBe('SUCCESS');
    expect((await post(saleFields(merchant, { auth: 'Y', 'mpi_data[eci]': 'bad!' } as never))).body).toMatchObject({
      result: 'SUCCESS',
      status: 'PENDING',
    });
  });
});

describe('payer fields', () => {
  it('address, country, city and zip are optional by default and required when the mapping says so', async () => {
    const res = await post(
      saleFields(merchant, {
        payer_address: undefined,
        payer_country: undefined,
        payer_city: undefined,
        payer_zip: undefined,
        payer_state: undefined,
      }),
    );
    expect(res.body.result).toBe('SUCCESS');
    const strict = await testMerchant();
    await deps().merchants.update(strict.clientKey, { requiredPayerFields: ['payer_address', 'payer_zip'] });
    const missing = await post(saleFields(strict, { payer_address: undefined, payer_zip: undefined, payer_city: undefined }));
    expect(messages(missing.body)).toEqual([
      'payer_address: This value should not be blank.',
      'payer_zip: This value should not be blank.',
    ]);
  });

  it('payer_state is validated for US and ignored for other countries', async () => {
    expect(messages((await post(saleFields(merchant, { payer_state: 'S'.repeat(40) }))).body)).toContain(
      'payer_state: This value is too long. It should have 32 characters or less.',
    );
    const de = await post(saleFields(merchant, { payer_country: 'DE', payer_state: 'S'.repeat(40) }));
    expect(de.body.result).toBe('SUCCESS');
    expect((await deps().payments.get(de.body.trans_id))!.details.payer).not.toHaveProperty('payer_state');
  });

  it('payer_phone_country_code: digits up to 10 characters, hyphen allowed', async () => {
    for (const ok of ['1', '1-684', '1234567890'])
      expect((await post(saleFields(merchant, { payer_phone_country_code: ok }))).body.result).toBe('SUCCESS');
    for (const bad of ['+1', '12345678901', 'ab', '1--2']) {
      expect(messages((await post(saleFields(merchant, { payer_phone_country_code: bad }))).body)).toEqual([
        'payer_phone_country_code: This value is not valid.',
      ]);
    }
  });

  it('payer_language is case-insensitive, never rejected, unknown codes fall back to English; payer_present accepted', async () => {
    const upper = await post(saleFields(merchant, { payer_language: 'ZH-tw', payer_present: 'Y' }));
    expect(upper.body.result).toBe('SUCCESS');
    expect((await deps().payments.get(upper.body.trans_id))!.details).toMatchObject({ payerLanguage: 'zh-TW', payerPresent: 'Y' });
    const unknown = await post(saleFields(merchant, { payer_language: 'klingon' }));
    expect((await deps().payments.get(unknown.body.trans_id))!.details.payerLanguage).toBe('en');
  });
});

describe('parameters[...] sets', () => {
  it('set 1 (installments): all three, two digits, a known plan', async () => {
    const ok = { 'parameters[bnrg_installm_def]': '00', 'parameters[bnrg_installm_months]': '03', 'parameters[bnrg_installm_plan]': '05' };
    expect((await post(saleFields(merchant, ok as never))).body.result).toBe('SUCCESS');
    const res = await post(
      saleFields(merchant, { 'parameters[bnrg_installm_months]': '3', 'parameters[bnrg_installm_plan]': '04' } as never),
    );
    expect(messages(res.body)).toEqual([
      'parameters[bnrg_installm_def]: This value should not be blank.',
      'parameters[bnrg_installm_months]: This value is not valid.',
      'parameters[bnrg_installm_plan]: The value you selected is not a valid choice.',
    ]);
  });

  it('set 2 (tax identity): all required once one is sent', async () => {
    const res = await post(saleFields(merchant, { 'parameters[document_type]': 'cpf', 'parameters[fiscal_country]': 'BRA' } as never));
    expect(messages(res.body)).toEqual([
      'parameters[document_number]: This value should not be blank.',
      'parameters[social_name]: This value should not be blank.',
      'parameters[fiscal_country]: This value is not valid.',
    ]);
  });

  it('set 3: shipping_postcode up to 9 digits, shipping_country 3 characters', async () => {
    const res = await post(
      saleFields(merchant, { 'parameters[shipping_postcode]': '1234567890', 'parameters[shipping_country]': 'US' } as never),
    );
    expect(messages(res.body)).toEqual([
      'parameters[shipping_postcode]: This value is not valid.',
      'parameters[shipping_country]: This value is not valid.',
    ]);
  });

  it('set 4: maximum lengths and values, named by their bracket path', async () => {
    const ok = {
      'parameters[shipping][city]': 'Berlin',
      'parameters[cart][items][0][name]': 'Shoe',
      'parameters[cart][items][0][quantityUnit]': 'KG',
    };
    expect((await post(saleFields(merchant, ok as never))).body.result).toBe('SUCCESS');
    const res = await post(
      saleFields(merchant, {
        'parameters[shipping][city]': 'c'.repeat(81),
        'parameters[cart][items][0][name]': 'ok',
        'parameters[cart][items][1][quantityUnit]': 'LB',
        'parameters[cart][payments][0][type]': 'CASH',
        'parameters[marketPlace][sellers][0][amount]': '1'.repeat(14),
      } as never),
    );
    expect(messages(res.body)).toEqual([
      'parameters[shipping][city]: This value is too long. It should have 80 characters or less.',
      'parameters[cart][items][1][quantityUnit]: The value you selected is not a valid choice.',
      'parameters[cart][payments][0][type]: The value you selected is not a valid choice.',
      'parameters[marketPlace][sellers][0][amount]: This value is too long. It should have 13 characters or less.',
    ]);
  });
});

describe('connectors', () => {
  it('a connector that needs the browser Accept header: empty gives INVALID_REQUEST, present works', async () => {
    const m = await testMerchant({ mids: [{ connector: 'sandbox-browser' }] });
    const empty = await post(saleFields(m, { browser_accept_headers: '' }));
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ result: 'ERROR', error_message: 'INVALID_REQUEST' });
    expect((await post(saleFields(m, { browser_accept_headers: 'text/html,application/xhtml+xml' }))).body.result).toBe('SUCCESS');
  });
});

describe('validation and hash', () => {
  it('an unknown action and a missing client_key are field errors; an unknown client_key answers like a wrong hash', async () => {
    expect(messages((await post({ ...saleFields(merchant), action: 'FLY' })).body)).toEqual([
      'action: The value you selected is not a valid choice.',
    ]);
    expect(messages((await post({ ...saleFields(merchant), client_key: undefined })).body)).toEqual([
      'client_key: This value should not be blank.',
    ]);
    const unknown = await post({ ...saleFields(merchant), client_key: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(400);
    expect(messages(unknown.body)).toEqual(['hash: Hash is not valid.']);
  });

  it('follow-up actions with a wrong hash are rejected', async () => {
    const sale = await post(saleFields(merchant, { auth: 'Y' }));
    for (const action of ['CAPTURE', 'VOID', 'CREDITVOID', 'GET_TRANS_STATUS', 'GET_TRANS_DETAILS']) {
      const res = await post(transIdFields(merchant, action, sale.body.trans_id, { email: 'wrong@example.com' }));
      expect(messages(res.body)).toEqual(['hash: Hash is not valid.']);
    }
    expect((await post(transIdFields(merchant, 'GET_TRANS_STATUS', sale.body.trans_id))).body.status).toBe('PENDING');
  });
});
