/**
 * Every brand the sandbox provider serves (direct, redirect, payout), through the real gateway: a valid request, every
 * required-field error at once, a length or enum error, the sandbox identifiers, the provider's page sending its
 * signed notification, and notifications arriving unsigned, twice, late, out of order and concurrently.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import type { FormValue } from '../../../shared/protocol/form.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { allBrands } from '../../../shared/protocol/apm/catalogue.js';
import { brandServed } from '../../../scripts/admin/brands-table.js';
import { signNotification } from '../../../shared/protocol/providers/notification.js';
import { eventually, postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { callbacksSettled } from '../../support/drained.js';
import { apmFollowUp, apmPayout, apmSale, expectedC2vCallbackHash, expectedCallbackHash } from './support.js';

// Short timers for the QR and the bank window (qr-lifetime.test.ts keeps the real minute); one sweeper pass per run.
const platform = usePlatform({ APM_QR_LIFETIME_SECONDS: '3', APM_BANK_WINDOW_SECONDS: '3', APM_DEADLINE_WATCH_SECONDS: '0' });
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

const PAYER = { payer_first_name: 'Ada', payer_last_name: 'Lovelace', payer_email: 'ada@example.com' };

/** For each served brand: extra request fields of a valid request, one field with a bad value and its error. */
const CASES: Record<string, { valid: Record<string, FormValue>; bad: [string, string, string] }> = {
  ips: { valid: { order_currency: 'RSD' }, bad: ['order_currency', 'USD', 'The value you selected is not a valid choice.'] },
  bank_code_ars: { valid: { order_currency: 'ARS' }, bad: ['bank_cuil', '2012345678', 'This value should have exactly 11 digits.'] },
  bank_code_mxn: {
    valid: { order_currency: 'MXN', parameters: { bank_curp: 'GODE561231HDFRRN09' } },
    bad: ['bank_curp', 'GODE-5612', 'This value is not valid.'],
  },
  voucher: { valid: { parameters: { pin: '1234567890123456' } }, bad: ['pin', '123', 'This value should have exactly 16 characters.'] },
  mobile_topup: { valid: {}, bad: ['productReceiver', 'x'.repeat(65), 'This value is too long. It should have 64 characters or less.'] },
  mobile_money: {
    valid: { parameters: { AccountProviderCode: 'MTN' } },
    bad: ['NarrativeFileBase64', 'not base64!', 'This value is not valid.'],
  },
  bank_transfer: {
    valid: { ...PAYER, parameters: { bank_code: 'DEUTDEFF', bank_account_number: 'DE89370400440532013000' } },
    bad: ['bank_code', 'deutdeff', 'This value is not valid.'],
  },
  pix: {
    valid: { parameters: { document_number: '12345678909' } },
    bad: ['document_number', 'x'.repeat(65), 'This value is too long. It should have 64 characters or less.'],
  },
  boleto: {
    valid: { parameters: { document_number: '12345678909' } },
    bad: ['document_number', 'x'.repeat(65), 'This value is too long. It should have 64 characters or less.'],
  },
  shop_redirect: {
    valid: { parameters: { product_name: 'Shoes', product_quantity: '2' } },
    bad: ['product_quantity', '12345', 'This value is too long. It should have 4 characters or less.'],
  },
  local_id: {
    valid: { payer_country: 'AR', parameters: { personalId: '20123456789' } },
    bad: ['personalId', 'x'.repeat(33), 'This value is too long. It should have 32 characters or less.'],
  },
  fx_redirect: { valid: { parameters: { toCurrency: 'EUR' } }, bad: ['toCurrency', 'EURO', 'This value is not a valid currency.'] },
  regional_doc: { valid: {}, bad: ['document_type', 'x'.repeat(33), 'This value is too long. It should have 32 characters or less.'] },
  upi: { valid: {}, bad: ['personal_id', 'x'.repeat(65), 'This value is too long. It should have 64 characters or less.'] },
  upi_collect: {
    valid: { parameters: { upi_id: 'ada@upi' } },
    bad: ['upi_id', 'x'.repeat(256), 'This value is too long. It should have 255 characters or less.'],
  },
  upi_address: {
    valid: { parameters: { upiAddress: 'ada@upi' } },
    bad: ['upiAddress', 'x'.repeat(256), 'This value is too long. It should have 255 characters or less.'],
  },
  email_transfer: {
    valid: { parameters: { SecurityQuestionAnswer: 'blue' } },
    bad: ['SecurityQuestionAnswer', 'sky blue', 'This value should not contain spaces.'],
  },
  sms_transfer: { valid: {}, bad: ['SecurityQuestionAnswer', 'ab', 'This value is too short. It should have 3 characters or more.'] },
  wallet_tr: { valid: { ...PAYER }, bad: ['accountName', 'Someone Else', "This value should be equal to the payer's name."] },
  wallet_th: {
    valid: { ...PAYER, parameters: { accountName: 'Ada Lovelace' } },
    bad: ['accountName', 'x'.repeat(65), 'This value is too long. It should have 64 characters or less.'],
  },
  wallet_vn: { valid: {}, bad: ['personal_id', 'x'.repeat(65), 'This value is too long. It should have 64 characters or less.'] },
  wallet_co: { valid: {}, bad: ['personal_id', 'x'.repeat(65), 'This value is too long. It should have 64 characters or less.'] },
  wallet_in: { valid: {}, bad: ['personal_id', 'x'.repeat(65), 'This value is too long. It should have 64 characters or less.'] },
  bnpl: {
    valid: { parameters: { category: 'shoes', buyer_registered_since: '2024-01-31T12:00:00Z', buyer_loyalty_level: '0' } },
    bad: ['buyer_registered_since', '31/01/2024', 'This value is not a valid datetime.'],
  },
  bnpl_cart: {
    valid: {
      parameters: {
        shipping_amount: '5.00',
        tax_amount: '1.20',
        product_reference_id: 'P1',
        product_type: 'physical',
        product_sku: 'SKU1',
        product_amount: '10.00',
      },
    },
    bad: ['tax_amount', 'ten', 'This value should be of type numeric.'],
  },
  open_banking: {
    valid: {
      parameters: {
        payee_name: 'Shop Ltd',
        payee_country: 'GB',
        payee_identifications: [{ type: 'IBAN', identification: 'GB29NWBK60161331926819' }],
      },
    },
    bad: ['payee_country', 'GBR', 'This value is not valid.'],
  },
  crypto: {
    valid: { parameters: { payment_currency: 'USDT' } },
    bad: ['payment_currency', 'DOGE', 'The value you selected is not a valid choice.'],
  },
  crypto_alt: {
    valid: { parameters: { cryptoCurrency: 'ETH' } },
    bad: ['cryptoCurrency', 'x'.repeat(17), 'This value is too long. It should have 16 characters or less.'],
  },
  crypto_deposit: {
    valid: { parameters: { paymentGatewayName: 'gw', paymentCurrency: 'BTC', tradingAccountLogin: 'ada-1' } },
    bad: ['tradingAccountLogin', 'x'.repeat(65), 'This value is too long. It should have 64 characters or less.'],
  },
  crypto_payout: {
    valid: { parameters: { address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', currency: 'BTC', network: 'BTC' } },
    bad: ['network', 'SOL', 'The value you selected is not a valid choice.'],
  },
  crypto_withdraw: {
    valid: { parameters: { withdrawCurrency: 'USDT', address: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf' } },
    bad: ['address', 'x'.repeat(129), 'This value is too long. It should have 128 characters or less.'],
  },
  etransfer_payout: {
    valid: {
      ...PAYER,
      order_description: 'Winnings payout',
      parameters: {
        SecurityQuestion: 'Favourite colour?',
        SecurityQuestionAnswer: 'blue',
        account_uuid: 'acc-1',
        fee_calculation_method: 'account_level',
      },
    },
    bad: ['fee_calculation_method', 'daily', 'The value you selected is not a valid choice.'],
  },
};

const served = allBrands().filter((d) => brandServed(d) && d.brand !== 'vcard');
const request = (brand: string, extra: Record<string, FormValue | undefined> = {}) => {
  const d = served.find((s) => s.brand === brand)!;
  const fields = { brand, identifier: undefined, ...extra };
  if (d.flow !== 'payout') return apmSale(merchant, fields);
  return apmPayout(merchant, { action: d.actions.includes('CREDIT2CRYPTO') ? 'CREDIT2CRYPTO' : 'CREDIT2VIRTUAL', ...fields });
};
const mergeParams = (brand: string, params: Record<string, FormValue>) => {
  const valid = CASES[brand]!.valid;
  return { ...valid, parameters: { ...((valid.parameters as Record<string, FormValue>) ?? {}), ...params } };
};
const errorsOf = (body: any): string[] => body.errors.map((e: { error_message: string }) => e.error_message);
const callbacks = (transId: string) => shop.received.filter((c) => c.fields.trans_id === transId);
const status = async (transId: string) => (await post(apmFollowUp(merchant, 'GET_TRANS_STATUS', transId))).body;

describe('every served brand', () => {
  it('has a case here', () => {
    expect(served.map((d) => d.brand).sort()).toEqual(Object.keys(CASES).sort());
  });

  for (const d of served) {
    describe(d.brand, () => {
      it(`a valid request: ${d.flow === 'redirect' ? 'REDIRECT' : 'SUCCESS/SETTLED'}`, async () => {
        const res = await post(request(d.brand, CASES[d.brand]!.valid));
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        if (['redirect', 'qr', 'bank-window'].includes(d.flow))
          expect(res.body).toMatchObject({ result: 'REDIRECT', status: 'REDIRECT', redirect_method: 'GET' });
        else if (d.flow === 'crypto-address')
          expect(res.body).toMatchObject({
            result: 'SUCCESS',
            status: 'PENDING',
            crypto_address: expect.any(String),
            crypto_network: expect.any(String),
          });
        else expect(res.body).toMatchObject({ result: 'SUCCESS', status: 'SETTLED' });
      });

      it('every required field missing: all reported at once, nothing stored', async () => {
        const required = [
          ...Object.entries(d.request ?? {})
            .filter(([, s]) => s.presence === 'required')
            .map(([n]) => n),
          ...Object.entries(d.parameters)
            .filter(([n, s]) => s.presence === 'required' && !d.collect?.includes(n))
            .map(([n]) => `parameters[${n}]`),
        ];
        const currency = CASES[d.brand]!.valid.order_currency;
        const req = request(d.brand, {
          ...(currency ? { order_currency: currency } : {}),
          ...Object.fromEntries(Object.keys(d.request ?? {}).map((n) => [n, undefined])),
        });
        const res = await post(req);
        if (required.length === 0) return expect(res.body.result).not.toBe('ERROR');
        expect(res.status).toBe(400);
        expect(errorsOf(res.body).sort()).toEqual(required.map((n) => `${n}: This value should not be blank.`).sort());
        expect(await deps().payments.findByOrder(merchant.clientKey, req.order_id as string, 10)).toHaveLength(0);
      });

      it('a length, format or enum error', async () => {
        const [name, value, message] = CASES[d.brand]!.bad;
        // order_currency is a request field; every other bad value here is a parameter.
        const topLevel = name === 'order_currency';
        const res = await post(
          request(d.brand, topLevel ? { ...CASES[d.brand]!.valid, [name]: value } : mergeParams(d.brand, { [name]: value })),
        );
        expect(res.status).toBe(400);
        expect(errorsOf(res.body)).toEqual([`${topLevel ? name : `parameters[${name}]`}: ${message}`]);
      });

      it('fail@gmail.com is declined', async () => {
        const res = await post(request(d.brand, { ...CASES[d.brand]!.valid, identifier: 'fail@gmail.com' }));
        expect(res.body).toMatchObject({ result: 'DECLINED', status: 'DECLINED', decline_reason: 'Declined by processing.' });
      });
    });
  }
});

describe('crypto address', () => {
  const secret = () => deps().providerSecrets.secret('sandbox');
  const signed = async (body: unknown) => {
    const raw = JSON.stringify(body);
    const res = await fetch(`${platform.url}/providers/sandbox/notifications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-provider-signature': signNotification(raw, await secret()) },
      body: raw,
    });
    return res.json();
  };

  it("SUCCESS/PENDING with the address, an INIT callback; not capturable; the provider's confirmation settles it", async () => {
    const res = await post(request('crypto', CASES.crypto!.valid));
    expect(res.body).toMatchObject({
      result: 'SUCCESS',
      status: 'PENDING',
      crypto_network: 'TRX',
      crypto_address: expect.stringMatching(/^T[0-9a-f]{33}$/),
    });
    const init = await eventually(() => callbacks(res.body.trans_id)[0]);
    expect(init.fields).toMatchObject({ action: 'SALE', result: 'INIT', status: 'PENDING', brand: 'crypto' });
    expect(init.fields.hash).toBe(expectedCallbackHash(init.fields, merchant.password));
    expect((await post(apmFollowUp(merchant, 'CAPTURE', res.body.trans_id))).body).toMatchObject({ result: 'ERROR', error_code: 208003 });
    expect((await post(apmFollowUp(merchant, 'CREDITVOID', res.body.trans_id))).body).toMatchObject({ result: 'ERROR' });
    expect((await signed({ reference: res.body.trans_id, status: 'paid' })).effect).toBe('applied');
    expect(await status(res.body.trans_id)).toMatchObject({ status: 'SETTLED' });
    const done = await eventually(() => callbacks(res.body.trans_id).find((c) => c.fields.result === 'SUCCESS'));
    expect(done.fields).toMatchObject({ action: 'SALE', status: 'SETTLED' });
    expect((await signed({ reference: res.body.trans_id, status: 'failed' })).effect).toBe('unchanged');
  });
});

describe('payouts', () => {
  it('CREDIT2CRYPTO: SETTLED, with a callback under the Credit2Virtual callback signature; not on CREDIT2VIRTUAL', async () => {
    const res = await post(request('crypto_payout', CASES.crypto_payout!.valid));
    expect(res.body).toMatchObject({ action: 'CREDIT2CRYPTO', result: 'SUCCESS', status: 'SETTLED', amount: '25.00' });
    const cb = await eventually(() => callbacks(res.body.trans_id)[0]);
    expect(cb.fields).toMatchObject({ action: 'CREDIT2CRYPTO', status: 'SETTLED', brand: 'crypto_payout' });
    expect(cb.fields.hash).toBe(expectedC2vCallbackHash(cb.fields, merchant.password));
    const wrong = await post(apmPayout(merchant, { brand: 'crypto_payout', identifier: undefined, ...CASES.crypto_payout!.valid }));
    expect(wrong.body).toMatchObject({ error_code: 204004 });
  });
});

describe('brands and actions that are not served', () => {
  it('a payout method on SALE, and auth=Y on a one-stage method are 204004', async () => {
    for (const req of [
      apmSale(merchant, { brand: 'etransfer_payout', identifier: undefined, ...CASES.etransfer_payout!.valid }),
      apmSale(merchant, { brand: 'voucher', identifier: undefined, auth: 'Y', ...CASES.voucher!.valid }),
    ]) {
      expect((await post(req)).body).toMatchObject({
        result: 'ERROR',
        error_code: 204004,
        error_message: 'Payment method is not supported.',
      });
    }
  });

  it('ips takes EUR, RSD, BAM, MKD only', async () => {
    expect(errorsOf((await post(apmSale(merchant, { brand: 'ips', identifier: undefined }))).body)).toEqual([
      'order_currency: The value you selected is not a valid choice.',
    ]);
  });
});

describe("the sandbox provider's page and its notifications", () => {
  const decide = (url: string, decision: string) => {
    const u = new URL(url);
    return fetch(`${u.origin}${u.pathname}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: u.searchParams.get('token')!, decision }).toString(),
    });
  };
  const secret = () => deps().providerSecrets.secret('sandbox');
  const notify = async (body: unknown, signature?: string) => {
    const raw = JSON.stringify(body);
    const res = await fetch(`${platform.url}/providers/sandbox/notifications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(signature !== undefined ? { 'x-provider-signature': signature } : {}) },
      body: raw,
    });
    return { status: res.status, body: await res.json() };
  };
  const signed = async (body: unknown) => notify(body, signNotification(JSON.stringify(body), await secret()));
  const redirectSale = async (identifier?: string) => (await post(request('pix', { ...CASES.pix!.valid, identifier }))).body;

  it('Pay on the page: the provider notifies, the payment settles once, with a signed SALE callback; the payer returns', async () => {
    const sale = await redirectSale();
    const res = await decide(sale.redirect_url, 'approve');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('https://merchant.example/return');
    expect(await status(sale.trans_id)).toMatchObject({ status: 'SETTLED', brand: 'pix' });
    const cb = await eventually(() => callbacks(sale.trans_id)[0]);
    expect(cb.fields).toMatchObject({ action: 'SALE', result: 'SUCCESS', status: 'SETTLED', brand: 'pix' });
    expect(cb.fields.hash).toBe(expectedCallbackHash(cb.fields, merchant.password));
  });

  it('Reject on the page declines', async () => {
    const sale = await redirectSale();
    await decide(sale.redirect_url, 'cancel');
    expect(await status(sale.trans_id)).toMatchObject({ status: 'DECLINED', decline_reason: 'Rejected by the provider.' });
  });

  it('pending@gmail.com: the page only waits; unsigned or wrongly signed notifications get 401 and change nothing', async () => {
    const sale = await redirectSale('pending@gmail.com');
    const page = await fetch(sale.redirect_url);
    expect(await page.text()).toContain('Waiting for confirmation');
    const body = { reference: sale.trans_id, status: 'executed' };
    expect((await notify(body)).status).toBe(401);
    expect((await notify(body, 'ab'.repeat(32))).status).toBe(401);
    expect((await notify(body, signNotification(JSON.stringify(body), 'not-the-secret'))).status).toBe(401);
    expect((await status(sale.trans_id)).status).toBe('REDIRECT');
    expect(await signed({ reference: sale.trans_id, status: 'pending' })).toEqual({
      status: 200,
      body: { result: 'OK', effect: 'applied' },
    });
    expect((await status(sale.trans_id)).status).toBe('PENDING');
    const init = await eventually(() => callbacks(sale.trans_id)[0]);
    expect(init.fields).toMatchObject({ result: 'INIT', status: 'PENDING' });
    expect((await signed({ reference: sale.trans_id, status: 'pending' })).body.effect).toBe('unchanged');
    expect((await post(apmFollowUp(merchant, 'CAPTURE', sale.trans_id))).body).toMatchObject({ error_code: 208003 });
    expect(await signed(body)).toEqual({ status: 200, body: { result: 'OK', effect: 'applied' } });
    expect((await status(sale.trans_id)).status).toBe('SETTLED');
  });

  it('duplicates and out-of-order notifications change the payment once: one callback', async () => {
    const sale = await redirectSale('pending@gmail.com');
    const results = await Promise.all([
      signed({ reference: sale.trans_id, status: 'ACSC' }),
      signed({ reference: sale.trans_id, status: 'ACSC' }),
      signed({ reference: sale.trans_id, status: 'RJCT' }),
      signed({ reference: sale.trans_id, status: 'executed' }),
    ]);
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.body.effect === 'applied')).toHaveLength(1);
    const final = (await status(sale.trans_id)).status;
    expect(['SETTLED', 'DECLINED']).toContain(final);
    // Late and out of order: a rejection after the settlement is acknowledged and changes nothing.
    expect((await signed({ reference: sale.trans_id, status: final === 'SETTLED' ? 'rejected' : 'paid' })).body.effect).toBe('unchanged');
    await callbacksSettled(platform, [sale.trans_id]);
    expect(callbacks(sale.trans_id)).toHaveLength(1);
    expect((await status(sale.trans_id)).status).toBe(final);
  });

  it('an unknown reference is acknowledged without effect; an unknown provider is refused', async () => {
    expect((await signed({ reference: '00000000-0000-4000-8000-000000000000', status: 'paid' })).body.effect).toBe('unknown');
    const res = await fetch(`${platform.url}/providers/nobody/notifications`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(400);
  });

  it('pending@gmail.com on a direct method waits for the provider too', async () => {
    const res = await post(request('voucher', { ...CASES.voucher!.valid, identifier: 'pending@gmail.com' }));
    expect(res.body).toMatchObject({ result: 'REDIRECT', status: 'REDIRECT' });
    expect((await signed({ reference: res.body.trans_id, status: 'failed' })).body.effect).toBe('applied');
    expect((await status(res.body.trans_id)).status).toBe('DECLINED');
  });
});
