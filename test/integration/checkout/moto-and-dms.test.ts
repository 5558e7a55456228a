/**
 * Issue 9 items 1 and 3 on Checkout. Spec: moto_type on "SALE, checkout authentication" (phone_moto, email_moto,
 * default_moto, ecommerce); 6.7.0 "MOTO payments (moto_type, CVV optional, only MOTO-enabled MIDs)"; "MOTO type sent
 * but no MOTO-enabled MID available | Error code 204025". And the transition table's "payment, two-stage MID | SALE |
 * MID in DMS mode → PENDING" for a page purchase.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { postForm, postJson, testMerchant, usePlatform } from '../../support/platform.js';
import { saleFields } from '../../support/s2s.js';
import { card, createSession, get, postPage, returnQuery, sessionBody } from './support.js';

const platform = usePlatform();
let plain: Merchant;
let moto: Merchant;

beforeAll(async () => {
  plain = await testMerchant({ mids: [{ paymentMode: 'SMS/DMS', name: 'ecom' }] });
  moto = await testMerchant({
    mids: [
      { paymentMode: 'SMS/DMS', name: 'ecom' },
      { paymentMode: 'SMS/DMS', name: 'moto', moto: true },
    ],
  });
});

const session = (m: Merchant, overrides: Record<string, unknown>) => postJson(`${platform.url}/api/v1/session`, sessionBody(m, overrides));
const midName = async (m: Merchant, paymentId: string) => {
  const { mids } = (await deps().merchants.get(m.clientKey))!;
  const { midId } = (await deps().payments.get(paymentId))!;
  return mids.find((x) => x.midId === midId)!.name;
};

describe('moto_type on the Checkout session', () => {
  it('a MOTO type without a MOTO-enabled MID is refused at session time with 204025', async () => {
    const res = await session(plain, { moto_type: 'phone_moto' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error_code: 204025 });
  });

  it('a MOTO session routes to the MOTO MID and the page lets the CVV be left empty', async () => {
    const { url } = await createSession(platform.url, moto, { moto_type: 'email_moto' });
    const page = await get(url);
    const cvvInput = /<input[^>]*id="cvv"[^>]*>/.exec(page.html)![0];
    expect(cvvInput).not.toContain(' required');
    expect(cvvInput).toContain('data-optional="1"');
    const res = await postPage(`${url}/pay`, card('01/38', { cvv: '' }));
    expect(res.html).toContain('Payment successful');
    const paymentId = returnQuery(res.html).payment_id!;
    expect(await midName(moto, paymentId)).toBe('moto');
    const payment = (await deps().payments.get(paymentId))!;
    expect(payment).toMatchObject({ status: 'SETTLED' });
    expect(payment.details.motoType).toBe('email_moto');
  });

  it('a MOTO CVV, when typed, must still be 3 or 4 digits', async () => {
    const { url } = await createSession(platform.url, moto, { moto_type: 'default_moto' });
    const res = await postPage(`${url}/pay`, card('01/38', { cvv: '12' }));
    expect(res.status).toBe(400);
    expect(res.html).toContain('Enter the 3 or 4 digit security code.');
  });

  it('"ecommerce" is not MOTO: no MOTO MID needed, the CVV stays required', async () => {
    // `plain` has no MOTO-enabled MID: a MOTO type would be 204025.
    const { url } = await createSession(platform.url, plain, { moto_type: 'ecommerce' });
    const page = await get(url);
    expect(/<input[^>]*id="cvv"[^>]*>/.exec(page.html)![0]).toContain(' required');
    const missing = await postPage(`${url}/pay`, card('01/38', { cvv: '' }));
    expect(missing.status).toBe(400);
    const res = await postPage(`${url}/pay`, card('01/38'));
    expect(res.html).toContain('Payment successful');
    expect(await midName(plain, returnQuery(res.html).payment_id!)).toBe('ecom');
  });

  it('an unknown moto_type is a choice error; payouts and transfers take none', async () => {
    const bad = await session(moto, { moto_type: 'fax' });
    expect(bad.body.errors).toContainEqual({
      error_code: 100000,
      error_message: 'moto_type: The value you selected is not a valid choice.',
    });
    const credit = await session(moto, { operation: 'credit', moto_type: 'phone_moto' });
    expect(credit.body.errors).toContainEqual({
      error_code: 100000,
      error_message: 'moto_type: This value is available for the purchase and debit operations only.',
    });
  });

  it('on S2S CARD too, moto_type=ecommerce is not MOTO: CVV required, no MOTO MID needed', async () => {
    const post = (f: Record<string, unknown>) => postForm(`${platform.url}/post`, f as never);
    expect((await post(saleFields(plain, { moto_type: 'ecommerce' }))).body).toMatchObject({ result: 'SUCCESS', status: 'SETTLED' });
    const noCvv = await post(saleFields(plain, { moto_type: 'ecommerce', card_cvv2: undefined }));
    expect(noCvv.body.errors).toContainEqual({ error_code: 100000, error_message: 'card_cvv2: This value should not be blank.' });
  });
});

describe('a purchase on a merchant whose only MID is DMS', () => {
  it('the page payment is held (PENDING, back to success_url) and can be captured', async () => {
    const dmsOnly = await testMerchant({ mids: [{ paymentMode: 'DMS' }] });
    const { url } = await createSession(platform.url, dmsOnly);
    const res = await postPage(`${url}/pay`, card('01/38'));
    expect(res.html).toContain('Payment successful');
    const paymentId = returnQuery(res.html).payment_id!;
    expect((await deps().payments.get(paymentId))!.status).toBe('PENDING');
  });
});
