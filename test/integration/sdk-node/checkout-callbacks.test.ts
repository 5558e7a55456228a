/**
 * @open-payments/node: Checkout session and operations, hosted fields (token, update, processing) and verifyCallback
 * on the callbacks the platform really sends — valid, tampered, replayed outside the tolerance, rotated secret, and
 * refused without the HMAC header unless told otherwise.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, SignatureVerificationError, verifyCallback, type OpenPayments } from '@open-payments/node';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { merchantSettings } from '../../../shared/operations/admin/merchants.js';
import { DynamoCallbackSecrets } from '../../../shared/adapters/aws/dynamo-callback-secrets.js';
import { SigningSecrets } from '../../../shared/operations/callbacks/signing-secrets.js';
import { eventually, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer, type ReceivedCallback } from '../../support/merchant-server.js';
import { submitCard } from '../hosted-fields/support.js';
import { apmSale, EMAIL, sale, sdkFor, uid } from './support.js';

const platform = usePlatform();
let shop: MerchantServer;
let merchant: Merchant;
let op: OpenPayments;
let secrets: SigningSecrets;

beforeAll(async () => {
  shop = await startMerchantServer();
  merchant = await testMerchant({ notificationUrl: shop.url });
  op = sdkFor(platform.url, merchant);
  const d = deps();
  secrets = new SigningSecrets(new DynamoCallbackSecrets(d.config.TABLE_NAME), d.secrets['merchant-secrets'], 0);
});
afterAll(async () => {
  await shop?.close();
});

const order = () => ({ number: uid('order'), amount: '10.00', currency: 'USD', description: 'Blue T-shirt' });
const callbackOf = (pred: (c: ReceivedCallback) => boolean) => eventually(() => shop.received.find(pred));

/** A hosted-fields payment made with the SDK: token, the iframe's card submission, processing. */
async function hostedFieldsPayment(extra: Record<string, unknown> = {}) {
  const { token } = await op.hostedFields.createSessionToken({
    operation: 'purchase',
    order: order(),
    return_url: 'https://shop.example/return',
    customer: { name: 'John Doe', email: EMAIL },
    ...extra,
  });
  expect((await submitCard(platform.url, token)).status).toBe(200);
  const paid = await op.hostedFields.process(token, 'purchase', { name: 'JOHN DOE' });
  return { token, paid };
}

describe('Checkout and hosted fields', () => {
  it('creates a Checkout session (redirect_url of the hosted page)', async () => {
    const res = await op.checkout.createSession({
      operation: 'purchase',
      order: order(),
      success_url: 'https://shop.example/success',
      cancel_url: 'https://shop.example/cancel',
      customer: { name: 'John Doe', email: EMAIL },
      billing_address: { country: 'US', language: 'en' },
    });
    expect(res.redirect_url).toMatch(new RegExp(`^${platform.url}/auth/`));
    await expect(
      sdkFor(platform.url, { ...merchant, password: 'x' }).checkout.createSession({
        operation: 'purchase',
        order: order(),
        success_url: 'https://shop.example/s',
      }),
    ).rejects.toMatchObject({ httpStatus: 400, errors: [{ error_message: 'hash: Hash is not valid.' }] });
  });

  it('hosted fields: token, update, processing; then status, refund, void, capture, recurring and retry by payment_id', async () => {
    const { token } = await op.hostedFields.createSessionToken({
      operation: 'purchase',
      order: order(),
      return_url: 'https://shop.example/return',
      recurring_init: true,
    });
    expect(await op.hostedFields.updateSession(token, { order_amount: '12.00' })).toBeTypeOf('object');
    expect((await submitCard(platform.url, token)).status).toBe(200);
    const paid = await op.hostedFields.process(token, 'purchase', { name: 'JOHN DOE' });
    expect(paid).toMatchObject({ result: 'success', public_id: expect.any(String), amount: '12.00' });
    const payment_id = paid.public_id!;

    const status = await op.checkout.status({ payment_id });
    expect(status).toMatchObject({ payment_id, status: 'settled', order: { amount: '12.00' } });
    expect(await op.checkout.status({ order_id: status.order.number })).toMatchObject({ payment_id });
    expect(await op.checkout.refund({ payment_id, amount: '1.00' })).toMatchObject({ payment_id, result: 'accepted' });
    await expect(op.checkout.retry({ payment_id })).rejects.toBeInstanceOf(ApiError);

    const recurring_token =
      status.recurring_token ?? ((await callbackOf((c) => c.fields.id === payment_id)).fields.recurring_token as string);
    const r = await op.checkout.recurring({
      recurring_init_trans_id: payment_id,
      recurring_token,
      order: { number: uid('rec'), amount: '3.00', description: 'Monthly' },
    });
    expect(r).toMatchObject({ status: 'settled', order: { currency: 'USD' } });

    const v = await hostedFieldsPayment();
    expect(await op.checkout.void({ payment_id: v.paid.public_id! })).toMatchObject({ status: 'SUCCESS', payment_status: 'void' });

    const held = await hostedFieldsPayment({ auth: true });
    expect(await op.checkout.capture({ payment_id: held.paid.public_id!, amount: '4.00' })).toMatchObject({
      payment_id: held.paid.public_id,
    });

    await expect(op.hostedFields.process('not-a-token', 'purchase', { name: 'JOHN DOE' })).rejects.toMatchObject({ kind: 'api_error' });
    await expect(op.checkout.status({ payment_id: '00000000-0000-4000-8000-000000000000' })).rejects.toMatchObject({
      kind: 'api_error',
      error_code: expect.any(Number),
    });
  });
});

describe('verifyCallback', () => {
  const opts = async () => ({ password: merchant.password, signingSecret: (await secrets.get(merchant.clientKey, new Date())).current });

  it('accepts each protocol shape as sent: Checkout, S2S CARD (payer_email given), S2S APM', async () => {
    const { paid } = await hostedFieldsPayment();
    const checkoutCb = await callbackOf((c) => c.fields.id === paid.public_id);
    const event = verifyCallback(checkoutCb.raw, checkoutCb.headers, await opts());
    expect(event).toMatchObject({
      protocol: 'checkout',
      data: { id: paid.public_id, status: 'success' },
      eventId: expect.any(String),
      hashVerified: true,
    });

    const s = await op.card.sale(sale('01'));
    const cardCb = await callbackOf((c) => c.fields.trans_id === s.trans_id);
    expect(verifyCallback(cardCb.raw, cardCb.headers, { ...(await opts()), payerEmail: EMAIL })).toMatchObject({
      protocol: 's2s-card',
      data: { action: 'SALE', result: 'SUCCESS' },
      hashVerified: true,
    });

    const a = await op.apm.sale({ ...apmSale(), custom_data: { basket: 'B-1' } });
    const apmCb = await callbackOf((c) => c.fields.trans_id === a.trans_id);
    expect(verifyCallback(apmCb.raw, apmCb.headers, await opts())).toMatchObject({
      protocol: 's2s-apm',
      data: { action: 'SALE' },
      hashVerified: true,
    });
  });

  it('needs only the signing secret: a genuine S2S CARD callback verifies without the payer e-mail, every shape without the password', async () => {
    const { signingSecret, password } = await opts();
    const s = await op.card.sale(sale('01'));
    const cardCb = await callbackOf((c) => c.fields.trans_id === s.trans_id);
    expect(cardCb.fields.payer_email).toBeUndefined(); // the default payer mapping: the callback does not carry it
    expect(verifyCallback(cardCb.raw, cardCb.headers, { signingSecret })).toMatchObject({
      protocol: 's2s-card',
      data: { action: 'SALE', result: 'SUCCESS', trans_id: s.trans_id },
      eventId: expect.any(String),
      hashVerified: false,
    });
    // With the password but no e-mail the HMAC stands for the whole body; with the e-mail the protocol hash is checked too.
    expect(verifyCallback(cardCb.raw, cardCb.headers, { signingSecret, password }).hashVerified).toBe(false);
    expect(() => verifyCallback(cardCb.raw, cardCb.headers, { signingSecret, password, payerEmail: 'someone@else.example' })).toThrow(
      expect.objectContaining({ reason: 'hash_mismatch' }),
    );
    expect(() => verifyCallback(cardCb.raw.replace('result=SUCCESS', 'result=DECLINED'), cardCb.headers, { signingSecret })).toThrow(
      expect.objectContaining({ reason: 'signature_mismatch' }),
    );

    const { paid } = await hostedFieldsPayment();
    const checkoutCb = await callbackOf((c) => c.fields.id === paid.public_id);
    expect(verifyCallback(Buffer.from(checkoutCb.raw), checkoutCb.headers, { signingSecret })).toMatchObject({
      protocol: 'checkout',
      hashVerified: false,
    });
    const a = await op.apm.sale(apmSale());
    const apmCb = await callbackOf((c) => c.fields.trans_id === a.trans_id);
    expect(verifyCallback(apmCb.raw, apmCb.headers, { signingSecret })).toMatchObject({ protocol: 's2s-apm', data: { action: 'SALE' } });
  });

  it('refuses a tampered body, a replay outside the tolerance, a missing header (unless allowed) and a wrong protocol hash', async () => {
    const { paid } = await hostedFieldsPayment();
    const cb = await callbackOf((c) => c.fields.id === paid.public_id);
    const o = await opts();
    const reason = (fn: () => unknown) => {
      try {
        fn();
      } catch (e) {
        expect(e).toBeInstanceOf(SignatureVerificationError);
        return (e as SignatureVerificationError).reason;
      }
      return 'accepted';
    };
    // The forgery the protocol hash cannot catch: the outcome changed, ids and order untouched.
    const forged = cb.raw.replace('status=success', 'status=fail');
    expect(forged).not.toBe(cb.raw);
    expect(reason(() => verifyCallback(forged, cb.headers, o))).toBe('signature_mismatch');
    expect(reason(() => verifyCallback(forged, {}, { ...o, requireSignature: false }))).toBe('accepted');
    expect(reason(() => verifyCallback(cb.raw, {}, o))).toBe('missing_signature');
    const t = Number(/t=(\d+)/.exec(String(cb.headers['x-callback-signature']))![1]);
    expect(reason(() => verifyCallback(cb.raw, cb.headers, { ...o, now: t + 301 }))).toBe('timestamp_outside_tolerance');
    expect(reason(() => verifyCallback(cb.raw, cb.headers, { ...o, now: t + 299 }))).toBe('accepted');
    expect(reason(() => verifyCallback(cb.raw, cb.headers, { ...o, password: 'wrong' }))).toBe('hash_mismatch');
    expect(reason(() => verifyCallback(cb.raw, cb.headers, { ...o, signingSecret: 'cbs_other' }))).toBe('signature_mismatch');
  });

  it('during a rotation overlap the callback verifies with the old secret and with the new one', async () => {
    const old = (await secrets.get(merchant.clientKey, new Date())).current;
    const rotated = await secrets.rotate(merchant.clientKey, new Date(), 3600);
    const { paid } = await hostedFieldsPayment();
    const cb = await callbackOf((c) => c.fields.id === paid.public_id);
    expect(String(cb.headers['x-callback-signature']).match(/v1=/g)).toHaveLength(2);
    for (const signingSecret of [old, rotated.current, [rotated.current, old]]) {
      expect(verifyCallback(cb.raw, cb.headers, { password: merchant.password, signingSecret }).protocol).toBe('checkout');
    }
  });
});

describe('hosted-fields signed session updates', () => {
  it('where the merchant requires them, updateSession with `signed` passes and an unsigned update is refused', async () => {
    const m = await testMerchant({ notificationUrl: shop.url });
    const d = deps();
    await d.merchants.update(
      m.clientKey,
      merchantSettings((await d.merchants.get(m.clientKey))!.merchant, { hostedFieldsUpdateSignature: true }),
    );
    const sdk = sdkFor(platform.url, m);
    const o = order();
    const { token } = await sdk.hostedFields.createSessionToken({
      operation: 'purchase',
      order: o,
      return_url: 'https://shop.example/return',
    });
    await expect(sdk.hostedFields.updateSession(token, { order_amount: '12.00' })).rejects.toBeInstanceOf(ApiError);
    expect(
      await sdk.hostedFields.updateSession(
        token,
        { order_amount: '12.00' },
        { order_amount: '12.00', order_currency: 'USD', order_description: o.description },
      ),
    ).toBeTypeOf('object');
  });
});
