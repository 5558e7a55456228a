/**
 * Two-stage APM payments, decided per brand from whether the method can hold funds (its descriptor's `hold` note;
 * AUTH in its actions): such a method takes auth=Y, and a SALE for a merchant whose only MID is DMS is held PENDING
 * (spec transition table); any other method answers auth=Y with 204004 and finds no MID on a DMS-only merchant
 * (204002) — it can never become a two-stage payment.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import type { FormValue } from '../../../shared/protocol/form.js';
import { allBrands } from '../../../shared/protocol/apm/catalogue.js';
import { holdsFunds } from '../../../shared/protocol/apm/rules.js';
import { brandServed } from '../../../scripts/admin/brands-table.js';
import { postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { apmFollowUp, apmSale, SUCCESS_ID } from './support.js';

const platform = usePlatform();
let smsDms: Merchant;
let dmsOnly: Merchant;
let post: (fields: Record<string, unknown>) => Promise<{ status: number; body: any }>;

beforeAll(async () => {
  smsDms = await testMerchant({ mids: [{ paymentMode: 'SMS/DMS' }] });
  dmsOnly = await testMerchant({ mids: [{ paymentMode: 'DMS' }] });
  post = (fields) => postForm(`${platform.url}/post-va`, fields as never);
});

const PAYER = { payer_first_name: 'Ada', payer_last_name: 'Lovelace', payer_email: 'ada@example.com' };

/** A valid SALE's extra fields per brand (brands.test.ts checks each in detail). */
const VALID: Record<string, Record<string, FormValue>> = {
  vcard: { identifier: SUCCESS_ID },
  ips: { order_currency: 'RSD' },
  bank_code_ars: { order_currency: 'ARS' },
  bank_code_mxn: { order_currency: 'MXN' },
  voucher: { parameters: { pin: '1234567890123456' } },
  mobile_topup: {},
  mobile_money: {},
  bank_transfer: { ...PAYER, parameters: { bank_code: 'DEUTDEFF', bank_account_number: 'DE89370400440532013000' } },
  pix: { parameters: { document_number: '12345678909' } },
  boleto: { parameters: { document_number: '12345678909' } },
  shop_redirect: {},
  local_id: {},
  fx_redirect: { parameters: { toCurrency: 'EUR' } },
  regional_doc: {},
  upi: {},
  upi_collect: { parameters: { upi_id: 'ada@upi' } },
  upi_address: { parameters: { upiAddress: 'ada@upi' } },
  email_transfer: { parameters: { SecurityQuestionAnswer: 'blue' } },
  sms_transfer: {},
  wallet_tr: { ...PAYER },
  wallet_th: { ...PAYER },
  wallet_vn: {},
  wallet_co: {},
  wallet_in: {},
  bnpl: { parameters: { category: 'shoes', buyer_registered_since: '2024-01-31T12:00:00Z', buyer_loyalty_level: '0' } },
  bnpl_cart: {
    parameters: {
      shipping_amount: '5.00',
      tax_amount: '1.20',
      product_reference_id: 'P1',
      product_type: 'physical',
      product_sku: 'SKU1',
      product_amount: '10.00',
    },
  },
  open_banking: {
    parameters: {
      payee_name: 'Shop Ltd',
      payee_country: 'GB',
      payee_identifications: [{ type: 'IBAN', identification: 'GB29NWBK60161331926819' }],
    },
  },
  crypto: { parameters: { payment_currency: 'USDT' } },
  crypto_alt: { parameters: { cryptoCurrency: 'ETH' } },
  crypto_deposit: { parameters: { paymentGatewayName: 'gw', paymentCurrency: 'BTC' } },
};

const saleBrands = allBrands().filter((d) => brandServed(d) && d.actions.includes('SALE'));
const sale = (merchant: Merchant, brand: string, extra: Record<string, FormValue | undefined> = {}) =>
  apmSale(merchant, { brand, identifier: undefined, ...VALID[brand], ...extra });
const decide = (url: string, decision: string) => {
  const u = new URL(url);
  return fetch(`${u.origin}${u.pathname}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: u.searchParams.get('token')!, decision }).toString(),
  });
};
const statusOf = async (m: Merchant, transId: string) => (await post(apmFollowUp(m, 'GET_TRANS_STATUS', transId))).body.status;

/** Where a held payment stands once the payer has done their part: PENDING (a redirect method after its page). */
async function heldStatus(m: Merchant, body: any): Promise<string> {
  if (body.result !== 'REDIRECT') return body.status;
  expect((await decide(body.redirect_url, 'approve')).status).toBe(303);
  return statusOf(m, body.trans_id);
}

it('every SALE brand has a case here and says whether it can hold funds', () => {
  expect(saleBrands.map((d) => d.brand).sort()).toEqual(Object.keys(VALID).sort());
  for (const d of saleBrands) expect(d.hold, d.brand).toMatch(/\w/);
  expect(
    saleBrands
      .filter(holdsFunds)
      .map((d) => d.brand)
      .sort(),
  ).toEqual(['bnpl', 'bnpl_cart', 'vcard']);
});

describe.each(saleBrands.map((d) => [d.brand, holdsFunds(d)] as const))('%s (holds funds: %s)', (brand, holds) => {
  if (holds) {
    it('auth=Y is held PENDING, and CAPTURE settles it', async () => {
      const res = await post(sale(smsDms, brand, { auth: 'Y' }));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(await heldStatus(smsDms, res.body)).toBe('PENDING');
      const captured = (await post(apmFollowUp(smsDms, 'CAPTURE', res.body.trans_id))).body;
      expect(captured, JSON.stringify(captured)).toMatchObject({ result: 'SUCCESS', status: 'SETTLED' });
    });

    it('a plain SALE for a DMS-only merchant is held PENDING too', async () => {
      const res = await post(sale(dmsOnly, brand));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(await heldStatus(dmsOnly, res.body)).toBe('PENDING');
    });
  } else {
    it('auth=Y is 204004 "Payment method is not supported."', async () => {
      const res = await post(sale(smsDms, brand, { auth: 'Y' }));
      expect(res.body).toMatchObject({ result: 'ERROR', error_code: 204004, error_message: 'Payment method is not supported.' });
    });

    it('a DMS-only merchant cannot take it: 204002, never a held payment', async () => {
      const res = await post(sale(dmsOnly, brand));
      expect(res.body).toMatchObject({ result: 'ERROR', error_code: 204002, error_message: 'No enabled MID found for this payment.' });
    });
  }
});
