/**
 * APM formats as the spec allows them, each accepted spelling sent to the provider in one normal form:
 * - `bank_cuil` (Bank-code transfer, ARS): 11 digits, with or without the hyphens of its written form (20-12345678-3);
 * - `bank_curp` (Bank-code transfer, MXN): the spec gives no length: letters and digits, either case, sent in capitals;
 * - UPI method 1 `personal_id`: "C for India": asked on the method page of Indian payers only;
 * - the payout method's payer name: first and last name together at most 60 characters, with its exact error text.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import type { FormValue } from '../../../shared/protocol/form.js';
import { brandDescriptor } from '../../../shared/protocol/apm/catalogue.js';
import { checkAsked, fieldsToAsk } from '../../../shared/protocol/apm/page-fields.js';
import { recordingApmSandbox, restoreConnectors } from '../../support/connectors.js';
import { postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { apmPayout, apmSale } from './support.js';

const platform = usePlatform();
let merchant: Merchant;
let post: (fields: Record<string, unknown>) => Promise<{ status: number; body: any }>;

beforeAll(async () => {
  merchant = await testMerchant();
  post = (fields) => postForm(`${platform.url}/post-va`, fields as never);
});
afterEach(() => restoreConnectors());

const errorsOf = (body: any): string[] => (body.errors ?? []).map((e: { error_message: string }) => e.error_message);
const sale = (brand: string, extra: Record<string, FormValue | undefined>) => apmSale(merchant, { brand, identifier: undefined, ...extra });
/** What the provider was asked to charge with, for the one SALE the test sent. */
async function providerParameters(fields: Record<string, unknown>) {
  const provider = recordingApmSandbox();
  const res = await post(fields);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(provider.pay).toHaveBeenCalledTimes(1);
  return provider.pay.mock.calls[0]![0].parameters as Record<string, FormValue>;
}

describe('bank_cuil', () => {
  it.each([
    ['20123456783', '20123456783'],
    ['20-12345678-3', '20123456783'],
  ])('%s is accepted; the provider gets %s', async (sent, normal) => {
    expect(await providerParameters(sale('bank_code_ars', { order_currency: 'ARS', parameters: { bank_cuil: sent } }))).toMatchObject({
      bank_cuil: normal,
    });
  });

  it.each(['2012345678', '20-1234567-83', '20.12345678.3', '20--12345678-3', 'ab123456783'])(
    '%s is refused with the exact text',
    async (bad) => {
      const res = await post(sale('bank_code_ars', { order_currency: 'ARS', parameters: { bank_cuil: bad } }));
      expect(errorsOf(res.body)).toEqual(['parameters[bank_cuil]: This value should have exactly 11 digits.']);
    },
  );

  it('typed on the method page with hyphens, it reaches the provider as 11 digits', () => {
    expect(checkAsked(brandDescriptor('bank_code_ars')!, ['bank_cuil'], { bank_cuil: '20-12345678-3' }, {})).toEqual({
      errors: {},
      values: { bank_cuil: '20123456783' },
    });
  });
});

describe('bank_curp', () => {
  it.each([
    ['GODE561231HDFRRN09', 'GODE561231HDFRRN09'],
    ['gode561231hdfrrn09', 'GODE561231HDFRRN09'],
    ['GODE561231', 'GODE561231'],
    ['GODE561231HDFRRN09X', 'GODE561231HDFRRN09X'],
  ])('%s (no length in the spec) is accepted; the provider gets %s', async (sent, normal) => {
    expect(await providerParameters(sale('bank_code_mxn', { order_currency: 'MXN', parameters: { bank_curp: sent } }))).toMatchObject({
      bank_curp: normal,
    });
  });

  it('refuses anything but letters and digits, and more than 64 characters', async () => {
    const bad = await post(sale('bank_code_mxn', { order_currency: 'MXN', parameters: { bank_curp: 'GODE-561231' } }));
    expect(errorsOf(bad.body)).toEqual(['parameters[bank_curp]: This value is not valid.']);
    const long = await post(sale('bank_code_mxn', { order_currency: 'MXN', parameters: { bank_curp: 'A'.repeat(65) } }));
    expect(errorsOf(long.body)).toEqual(['parameters[bank_curp]: This value is too long. It should have 64 characters or less.']);
  });
});

describe('UPI personal_id', () => {
  const upi = brandDescriptor('upi')!;

  it('is asked on the page of Indian payers only', () => {
    expect(fieldsToAsk(upi, {}, 'IN')).toEqual(['personal_id']);
    expect(fieldsToAsk(upi, { personal_id: 'ABCDE1234F' }, 'IN')).toEqual([]);
    for (const country of ['US', 'GB', undefined]) expect(fieldsToAsk(upi, {}, country)).toEqual([]);
  });

  it('S2S: absent for any payer, or sent for an Indian one, the SALE goes to the method page', async () => {
    for (const extra of [
      {},
      { payer_country: 'IN' },
      { payer_country: 'US' },
      { payer_country: 'IN', parameters: { personal_id: 'ABCDE1234F' } },
    ]) {
      const res = await post(sale('upi', extra));
      expect(res.body, JSON.stringify(extra)).toMatchObject({ result: 'REDIRECT' });
    }
    const page = await (await fetch((await post(sale('upi', { payer_country: 'IN' }))).body.redirect_url)).text();
    expect(page).toContain('name="collect[personal_id]"');
    const foreign = await (await fetch((await post(sale('upi', { payer_country: 'US' }))).body.redirect_url)).text();
    expect(foreign).not.toContain('name="collect[personal_id]"');
  });
});

describe('payout payer name: at most 60 characters together', () => {
  const PAYOUT = {
    brand: 'etransfer_payout',
    identifier: undefined,
    payer_email: 'ada@example.com',
    order_description: 'Winnings payout',
    parameters: {
      SecurityQuestion: 'Favourite colour?',
      SecurityQuestionAnswer: 'blue',
      account_uuid: 'acc-1',
      fee_calculation_method: 'account_level',
    },
  };

  it('60 characters (30 + 30) pay out', async () => {
    const res = await post(apmPayout(merchant, { ...PAYOUT, payer_first_name: 'A'.repeat(30), payer_last_name: 'B'.repeat(30) }));
    expect(res.body).toMatchObject({ action: 'CREDIT2VIRTUAL', result: 'SUCCESS' });
  });

  it('61 characters are refused with the exact text, on payer_first_name', async () => {
    const res = await post(apmPayout(merchant, { ...PAYOUT, payer_first_name: 'A'.repeat(30), payer_last_name: 'B'.repeat(31) }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      {
        error_code: 100000,
        error_message: "payer_first_name: The payer's first and last name together should have 60 characters or less.",
      },
    ]);
  });
});
