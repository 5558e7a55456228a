/**
 * Every Adyen answer is bound to its payment (shared/adapters/connectors/answer-binding.ts), end to end against Prism serving
 * Adyen's Checkout API v71 with request validation on (test/support/adyen-prism.ts). The attack: a payer completes
 * 3DS on a 1.00 payment and brings its redirectResult to the return address of a 1,000.00 payment on the same Adyen
 * credential. Adyen answers /payments/details about the payment the result belongs to; that answer (the test's own,
 * checked against Adyen's PaymentDetailsResponse schema) must not decide the 1,000.00 payment: it stays
 * undetermined, no success callback is sent, and Adyen's signed AUTHORISATION webhook about it settles it later.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { RunningPlatform } from '../../../scripts/local/platform.js';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { adyenReturnPath } from '../../../shared/adapters/connectors/adyen.js';
import { postForm } from '../../support/platform.js';
import { callbacksSettled } from '../../support/drained.js';
import type { MerchantServer } from '../../support/merchant-server.js';
import type { AdyenPrism } from '../../support/adyen-prism.js';
import { adyenWebhook, storedPayment, useAdyenPlatform } from '../../support/adyen-platform.js';
import { saleFields, transIdFields } from '../../support/s2s.js';

const world = useAdyenPlatform();
let adyen: AdyenPrism;
let platform: RunningPlatform;
let shop: MerchantServer;
let merchant: Merchant;
beforeAll(() => {
  ({ adyen, platform, shop, merchant } = world);
});

/** Adyen's pspReference of the payment whose 3DS result the payer brought. */
const OTHER_PSP = 'K8Q2ZJ5N3V7X4M9P';
const post = (fields: Record<string, unknown>) => postForm(`${platform.url}/post`, fields as never);
const details = (transId: string) =>
  adyen.sent.filter((s) => s.path === '/payments/details' && s.headers['idempotency-key'] === `${transId}:details`);
const callbacksFor = (transId: string) => shop.received.filter((c) => c.fields.trans_id === transId);

/** A SALE of `amount` that Adyen sends to 3DS on its own page (Prism's card-3d-secure-redirect example). */
async function sale3ds(amount: string): Promise<string> {
  adyen.prefer = (path) => (path === '/payments' ? 'example=card-3d-secure-redirect' : undefined);
  const res = await post(saleFields(merchant, { order_amount: amount }));
  expect(res.body).toMatchObject({ result: 'REDIRECT', status: '3DS', amount });
  return res.body.trans_id as string;
}

/** Adyen's /payments/details answer: Authorised, about the payment `merchantReference` names, for `amount`. */
function adyenAuthorises(merchantReference: string, value: number, currency = 'USD') {
  adyen.answer = (path) =>
    path === '/payments/details'
      ? {
          resultCode: 'Authorised',
          pspReference: OTHER_PSP,
          merchantReference,
          amount: { value, currency },
          additionalData: { authCode: '091337' },
        }
      : undefined;
}

/** The payer's browser back at `transId`'s return address with `redirectResult`. */
async function payerReturns(transId: string, redirectResult: string): Promise<void> {
  const back = await fetch(`${platform.url}${adyenReturnPath(transId)}?redirectResult=${encodeURIComponent(redirectResult)}`);
  expect(back.status).toBe(200);
  await back.text();
}

/** Undetermined: still in 3DS, its sale sent to Adyen and waiting for Adyen's word, nothing of the answer taken over. */
async function expectUndetermined(transId: string): Promise<void> {
  const stored = await storedPayment(transId);
  expect(stored).toMatchObject({ status: '3DS' });
  expect(stored.rrn).toBeUndefined();
  expect(stored.approvalCode).toBeUndefined();
  expect(stored.history.filter((h) => h.type === 'SALE')).toMatchObject([{ status: 'waiting' }]);
  const status = (await post(transIdFields(merchant, 'GET_TRANS_STATUS', transId))).body;
  expect(status).toMatchObject({ result: 'SUCCESS', status: '3DS' });
  // No callback at all (S2S sends none for the 3DS step), a success least of all, once nothing is in flight.
  await callbacksSettled(platform, [transId]);
  expect(callbacksFor(transId)).toEqual([]);
}

describe('an Adyen answer about another payment never decides this one', () => {
  it("the 3DS result of a 1.00 payment posted to a 1,000.00 payment's return address leaves it undetermined, not SETTLED", async () => {
    const small = await sale3ds('1.00');
    const large = await sale3ds('1000.00');

    // The payer finished 3DS of the 1.00 payment and brings its result to the 1,000.00 payment's return address:
    // Adyen answers about the payment the result belongs to.
    adyenAuthorises(small, 100);
    await payerReturns(large, 'result-of-the-1.00-payment');
    expect(details(large)).toMatchObject([{ status: 200, json: { details: { redirectResult: 'result-of-the-1.00-payment' } } }]);
    await expectUndetermined(large);

    // The step was answered (undetermined): the payer cannot try again with another result; Adyen is not asked again.
    await payerReturns(large, 'another-try');
    expect(details(large)).toHaveLength(1);
    await expectUndetermined(large);

    // Adyen's own signed word about the 1,000.00 payment settles it, once.
    const webhook = adyenWebhook({
      pspReference: 'L7W3XK9Q2B5N8R4T',
      merchantReference: large,
      amount: { value: 100_000, currency: 'USD' },
      eventCode: 'AUTHORISATION',
      success: 'true',
      reason: '874574:1111:03/2030',
    });
    const delivered = await fetch(`${platform.url}/providers/adyen/notifications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: webhook,
    });
    expect(await delivered.text()).toBe('[accepted]');
    expect(await storedPayment(large)).toMatchObject({ status: 'SETTLED', rrn: 'L7W3XK9Q2B5N8R4T', approvalCode: '874574' });
    await callbacksSettled(platform, [large]);
    expect(callbacksFor(large).map((c) => c.fields.result)).toEqual(['SUCCESS']);
    // The 1.00 payment was not touched by any of it.
    expect(await storedPayment(small)).toMatchObject({ status: '3DS' });
  });

  it('an answer naming this payment but another amount or currency leaves it undetermined', async () => {
    const wrongAmount = await sale3ds('1000.00');
    adyenAuthorises(wrongAmount, 100);
    await payerReturns(wrongAmount, 'result-for-1.00');
    expect(details(wrongAmount)).toHaveLength(1);
    await expectUndetermined(wrongAmount);

    const wrongCurrency = await sale3ds('1000.00');
    adyenAuthorises(wrongCurrency, 100_000, 'EUR');
    await payerReturns(wrongCurrency, 'result-in-euro');
    expect(details(wrongCurrency)).toHaveLength(1);
    await expectUndetermined(wrongCurrency);
  });

  it('a completion answer that names no payment decides nothing', async () => {
    const transId = await sale3ds('1000.00');
    adyen.answer = (path) => (path === '/payments/details' ? { resultCode: 'Authorised', pspReference: OTHER_PSP } : undefined);
    await payerReturns(transId, 'a-result-adyen-names-nothing-for');
    expect(details(transId)).toHaveLength(1);
    await expectUndetermined(transId);
  });

  it("the payer's own result, answered about this payment, settles it as before", async () => {
    const transId = await sale3ds('1000.00');
    adyenAuthorises(transId, 100_000);
    await payerReturns(transId, 'result-of-this-payment');
    expect(await storedPayment(transId)).toMatchObject({ status: 'SETTLED', rrn: OTHER_PSP, approvalCode: '091337' });
    await callbacksSettled(platform, [transId]);
    expect(callbacksFor(transId).map((c) => c.fields.result)).toEqual(['SUCCESS']);
  });

  it('a SALE that Adyen answers about another payment is UNDEFINED (PREPARE), never SUCCESS', async () => {
    adyen.answer = (path) =>
      path === '/payments'
        ? {
            resultCode: 'Authorised',
            pspReference: OTHER_PSP,
            merchantReference: 'f3c2a1b0-0000-4000-8000-00000000beef',
            amount: { value: 1000, currency: 'USD' },
          }
        : undefined;
    const res = await post(saleFields(merchant));
    expect(res.body).toMatchObject({ action: 'SALE', result: 'UNDEFINED', status: 'PREPARE' });
    const stored = await storedPayment(res.body.trans_id as string);
    expect(stored.rrn).toBeUndefined();
    expect(stored.history).toMatchObject([{ type: 'SALE', status: 'waiting' }]);
  });
});
