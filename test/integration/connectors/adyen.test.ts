/**
 * The Adyen connector against Prism (@stoplight/prism-cli) mocking Adyen's own Checkout API description
 * (../shared/specs/adyen/CheckoutService-v71.json, unchanged) with request validation on (--errors): every request
 * the connector sends must be valid for Adyen's schema, so the test transport fails any answer carrying Prism's
 * sl-violations header. Outcomes are picked with Prism's Prefer header, added only by the test's transport wrapper
 * (the production transport, adyenTransport, does the sending). Webhooks are built as Adyen builds them and signed
 * with the MID's HMAC key.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { RunningPlatform } from '../../../scripts/local/platform.js';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { adyenReturnPath, ADYEN_REQUEST_REFUSED } from '../../../shared/adapters/connectors/adyen.js';
import { eventually, postForm } from '../../support/platform.js';
import type { MerchantServer } from '../../support/merchant-server.js';
import type { AdyenPrism } from '../../support/adyen-prism.js';
import {
  adyenWebhook,
  answerWithIssuerForm,
  useAdyenPlatform,
  ADYEN_POST_PAGE,
  DETAILS_PSP,
  ISSUER_FORM,
  ISSUER_RETURN,
  MERCHANT_ACCOUNT,
} from '../../support/adyen-platform.js';
import { saleFields, transIdFields } from '../../support/s2s.js';

/** pspReference of Prism's examples: card-direct (Authorised) and the 3DS redirect one. */
const CARD_DIRECT_PSP = '993617895204576J';

const world = useAdyenPlatform();
let adyen: AdyenPrism;
let platform: RunningPlatform;
let shop: MerchantServer;
let merchant: Merchant;
beforeAll(() => {
  ({ adyen, platform, shop, merchant } = world);
});

const post = (fields: Record<string, unknown>) => postForm(`${platform.url}/post`, fields as never);
const callbacksFor = (transId: string) => shop.received.filter((c) => c.fields.trans_id === transId);
const sentFor = (transId: string) =>
  adyen.sent.filter((s) => JSON.stringify(s.json).includes(transId) || s.headers['idempotency-key']?.startsWith(transId));
const status = async (transId: string) => (await post(transIdFields(merchant, 'GET_TRANS_STATUS', transId))).body;

const deliver = (body: string) =>
  fetch(`${platform.url}/providers/adyen/notifications`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then(
    async (r) => ({ status: r.status, text: await r.text() }),
  );

/** The webhook twice at the same moment: both acknowledged. */
async function deliverTwice(body: string): Promise<void> {
  const answers = await Promise.all([deliver(body), deliver(body)]);
  for (const a of answers) expect(a).toEqual({ status: 200, text: '[accepted]' });
}

const direct = (path: string) => (path === '/payments' ? 'example=card-direct' : undefined);

describe("Adyen connector against Prism serving Adyen's Checkout API v71", () => {
  it('SALE approved (Authorised): raw card as paymentMethod scheme, captured at once, Idempotency-Key our trans_id', async () => {
    adyen.prefer = direct;
    const res = await post(saleFields(merchant));
    expect(res.body).toMatchObject({ action: 'SALE', result: 'SUCCESS', status: 'SETTLED', amount: '10.00' });
    const transId = res.body.trans_id as string;
    const [payment] = sentFor(transId);
    expect(payment).toMatchObject({ path: '/payments', status: 200, headers: { 'idempotency-key': transId, 'x-api-key': 'test-api-key' } });
    expect(payment!.json).toMatchObject({
      merchantAccount: MERCHANT_ACCOUNT,
      amount: { value: 1000, currency: 'USD' },
      reference: transId,
      paymentMethod: { type: 'scheme', expiryMonth: '01', expiryYear: '2038', cvc: '123' },
      returnUrl: `${platform.url}${adyenReturnPath(transId)}`,
      captureDelayHours: 0,
    });
    expect(payment!.json.additionalData?.manualCapture).toBeUndefined();
    expect((await status(transId)).status).toBe('SETTLED');
  });

  it("a request Adyen refuses (HTTP 422) declines the SALE with Adyen's message", async () => {
    adyen.prefer = (path) => (path === '/payments' ? 'code=422' : undefined);
    const res = await post(saleFields(merchant));
    expect(res.body).toMatchObject({ result: 'DECLINED', status: 'DECLINED' });
    expect(res.body.decline_reason).toBe(`${ADYEN_REQUEST_REFUSED}: Return URL is missing. (14_030)`);
  });

  it('an identical repeated SALE is answered from the first: Adyen is asked once', async () => {
    adyen.prefer = direct;
    const fields = saleFields(merchant);
    const first = await post(fields);
    const again = await post(fields);
    expect(again.body).toEqual(first.body);
    expect(sentFor(first.body.trans_id as string)).toHaveLength(1);
  });

  it("3DS: RedirectShopper's action goes to the payer; back at our returnUrl, /payments/details completes the SALE", async () => {
    adyen.prefer = (path) =>
      path === '/payments' ? 'example=card-3d-secure-redirect' : path === '/payments/details' ? 'example=00.redirect' : undefined;
    const res = await post(saleFields(merchant));
    expect(res.body).toMatchObject({ result: 'REDIRECT', status: '3DS', redirect_method: 'GET' });
    expect(res.body.redirect_url).toBe('https://checkoutshopper-test.adyen.com/checkoutshopper/threeDS/redirect...');
    const transId = res.body.trans_id as string;

    // Adyen sends the payer back to the returnUrl with its redirectResult.
    const back = await fetch(`${platform.url}${adyenReturnPath(transId)}?redirectResult=${encodeURIComponent('X6XtfGC3!Y...')}`);
    expect(back.status).toBe(200);
    expect(await back.text()).toContain('action="https://merchant.example/3ds-return"');
    const details = sentFor(transId).find((s) => s.path === '/payments/details');
    expect(details).toMatchObject({
      status: 200,
      headers: { 'idempotency-key': `${transId}:details` },
      json: { details: { redirectResult: 'X6XtfGC3!Y...' } },
    });
    expect(await status(transId)).toMatchObject({ status: 'SETTLED' });
    await eventually(() => callbacksFor(transId).find((c) => c.fields.result === 'SUCCESS'));

    // The payer's browser comes back again: nothing more reaches Adyen.
    await fetch(`${platform.url}${adyenReturnPath(transId)}?redirectResult=again`);
    expect(sentFor(transId).filter((s) => s.path === '/payments/details')).toHaveLength(1);
  });

  it("3DS by POST (the issuer's page takes a form): the merchant gets the form's fields; the payer posts back MD and PaRes", async () => {
    answerWithIssuerForm(adyen, 'N7F5XQ2Z6G8K4J3L');
    const res = await post(saleFields(merchant));
    expect(res.body).toMatchObject({
      result: 'REDIRECT',
      status: '3DS',
      redirect_url: ADYEN_POST_PAGE,
      redirect_method: 'POST',
      redirect_params: ISSUER_FORM,
    });
    const transId = res.body.trans_id as string;

    // The issuer's page posts the payer back to our returnUrl with MD and PaRes.
    const back = await fetch(`${platform.url}${adyenReturnPath(transId)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(ISSUER_RETURN),
    });
    expect(back.status).toBe(200);
    expect(await back.text()).toContain('action="https://merchant.example/3ds-return"');
    const details = sentFor(transId).find((s) => s.path === '/payments/details');
    expect(details).toMatchObject({ status: 200, json: { details: ISSUER_RETURN } });
    expect(await status(transId)).toMatchObject({ status: 'SETTLED' });
    await eventually(() => callbacksFor(transId).find((c) => c.fields.result === 'SUCCESS'));
  });

  it("AUTH then CAPTURE: held (manualCapture), captured by pspReference; Adyen's CAPTURE webhook settles it once", async () => {
    adyen.prefer = direct;
    const auth = await post(saleFields(merchant, { auth: 'Y' }));
    expect(auth.body).toMatchObject({ result: 'SUCCESS', status: 'PENDING' });
    const transId = auth.body.trans_id as string;
    expect(sentFor(transId)[0]!.json).toMatchObject({ additionalData: { manualCapture: 'true' } });
    expect(sentFor(transId)[0]!.json.captureDelayHours).toBeUndefined();

    adyen.prefer = (path) => (path.endsWith('/captures') ? 'example=capture' : undefined);
    const capture1 = transIdFields(merchant, 'CAPTURE', transId, { extra: { amount: '10.00' } });
    const cap = await post(capture1);
    expect(cap.body).toMatchObject({ action: 'CAPTURE', result: 'UNDEFINED' });
    // The merchant repeats the request while the capture waits for Adyen: the platform answers it, Adyen is not asked.
    expect((await post(capture1)).body).toMatchObject({ action: 'CAPTURE', result: 'ERROR', error_message: 'Capture is not allowed.' });
    expect(sentFor(transId).filter((s) => s.path.endsWith('/captures'))).toHaveLength(1);
    const capture = sentFor(transId).find((s) => s.path.endsWith('/captures'))!;
    expect(capture).toMatchObject({
      path: `/payments/${CARD_DIRECT_PSP}/captures`,
      status: 201,
      headers: { 'idempotency-key': `${transId}:capture` },
      json: { merchantAccount: MERCHANT_ACCOUNT, amount: { value: 1000, currency: 'USD' }, reference: `${transId}.capture` },
    });

    const body = adyenWebhook({
      pspReference: '993617894906488A',
      originalReference: CARD_DIRECT_PSP,
      merchantReference: `${transId}.capture`,
      amount: { value: 1000, currency: 'USD' },
      eventCode: 'CAPTURE',
      success: 'true',
    });
    await deliverTwice(body);
    await deliverTwice(body);
    expect(await status(transId)).toMatchObject({ status: 'SETTLED' });
    const captured = () => callbacksFor(transId).filter((c) => c.fields.action === 'CAPTURE' && c.fields.result === 'SUCCESS');
    await eventually(() => captured()[0]);
    // Four deliveries, one capture: one callback (waited for by the merchant API's delivery, not a clock).
    const d = deps();
    await eventually(async () => ((await d.payments.get(transId))?.callbackCount ?? 0) === callbacksFor(transId).length || undefined);
    expect(captured()).toHaveLength(1);
    expect(sentFor(transId).filter((s) => s.path.endsWith('/captures'))).toHaveLength(1);
  });

  it('REFUND (CREDITVOID): /refunds by pspReference; the REFUND webhook naming the attempt applies once', async () => {
    adyen.prefer = direct;
    const sale = await post(saleFields(merchant));
    const transId = sale.body.trans_id as string;
    adyen.prefer = (path) => (path.endsWith('/refunds') ? 'example=refund' : undefined);
    const refund = await post(transIdFields(merchant, 'CREDITVOID', transId, { extra: { amount: '4.00' } }));
    expect(refund.body).toMatchObject({ action: 'CREDITVOID' });
    const request = sentFor(transId).find((s) => s.path.endsWith('/refunds'))!;
    expect(request).toMatchObject({
      path: `/payments/${CARD_DIRECT_PSP}/refunds`,
      status: 201,
      json: { amount: { value: 400, currency: 'USD' } },
    });
    expect(request.headers['idempotency-key']).toMatch(new RegExp(`^${transId}:refund:[0-9a-f]{16}$`));
    const reference = request.json.reference as string;
    expect(reference.startsWith(`${transId}.`)).toBe(true);

    const body = adyenWebhook({
      pspReference: 'RFND0000000000A1',
      originalReference: CARD_DIRECT_PSP,
      merchantReference: reference,
      amount: { value: 400, currency: 'USD' },
      eventCode: 'REFUND',
      success: 'true',
    });
    await deliverTwice(body);
    const refunded = () => callbacksFor(transId).filter((c) => c.fields.action === 'CREDITVOID' && c.fields.result === 'SUCCESS');
    await eventually(() => refunded()[0]);
    await deliverTwice(body);
    const d = deps();
    const payment = await d.payments.get(transId);
    expect(payment).toMatchObject({ refundedAmount: 400 });
    expect(payment!.history.filter((h) => h.type === 'REFUND' || h.type === 'REVERSAL')).toMatchObject([
      { status: 'success', arn: 'RFND0000000000A1' },
    ]);
    await eventually(async () => ((await d.payments.get(transId))?.callbackCount ?? 0) === callbacksFor(transId).length || undefined);
    expect(refunded()).toHaveLength(1);
  });

  it("a refund Adyen fails (REFUND with success false) is declined with Adyen's reason; the payment stays settled", async () => {
    adyen.prefer = direct;
    const sale = await post(saleFields(merchant));
    const transId = sale.body.trans_id as string;
    adyen.prefer = (path) => (path.endsWith('/refunds') ? 'example=refund' : undefined);
    await post(transIdFields(merchant, 'CREDITVOID', transId, { extra: { amount: '4.00' } }));
    const reference = sentFor(transId).find((s) => s.path.endsWith('/refunds'))!.json.reference as string;
    await deliverTwice(
      adyenWebhook({
        pspReference: 'RFND0000000000B1',
        originalReference: CARD_DIRECT_PSP,
        merchantReference: reference,
        amount: { value: 400, currency: 'USD' },
        eventCode: 'REFUND',
        success: 'false',
        reason: 'Insufficient balance on payment',
      }),
    );
    const payment = await deps().payments.get(transId);
    expect(payment).toMatchObject({ status: 'SETTLED', refundedAmount: 0 });
    expect(payment!.history.filter((h) => h.type === 'REFUND')).toMatchObject([
      { status: 'fail', declineReason: 'Insufficient balance on payment' },
    ]);
  });

  it('VOID of a SALE settled today: /reversals by pspReference; the CANCEL_OR_REFUND webhook voids it', async () => {
    adyen.prefer = direct;
    const sale = await post(saleFields(merchant));
    const transId = sale.body.trans_id as string;
    adyen.prefer = (path) => (path.endsWith('/reversals') ? 'example=reversal' : undefined);
    const voided = await post(transIdFields(merchant, 'VOID', transId));
    expect(voided.body).toMatchObject({ action: 'VOID', result: 'UNDEFINED' });
    expect(sentFor(transId).find((s) => s.path.endsWith('/reversals'))).toMatchObject({
      path: `/payments/${CARD_DIRECT_PSP}/reversals`,
      status: 201,
      headers: { 'idempotency-key': `${transId}:void` },
      json: { merchantAccount: MERCHANT_ACCOUNT, reference: `${transId}.void` },
    });
    await deliverTwice(
      adyenWebhook({
        pspReference: 'RVRS0000000000A1',
        originalReference: CARD_DIRECT_PSP,
        merchantReference: `${transId}.void`,
        amount: { value: 1000, currency: 'USD' },
        eventCode: 'CANCEL_OR_REFUND',
        success: 'true',
      }),
    );
    expect(await status(transId)).toMatchObject({ status: 'VOID' });
  });

  it('REVERSAL of a held AUTH (CREDITVOID): /cancels; the CANCELLATION webhook naming the attempt reverses it', async () => {
    adyen.prefer = direct;
    const auth = await post(saleFields(merchant, { auth: 'Y' }));
    const transId = auth.body.trans_id as string;
    adyen.prefer = (path) => (path.endsWith('/cancels') ? 'example=cancel-with-psp-reference' : undefined);
    await post(transIdFields(merchant, 'CREDITVOID', transId));
    const cancel = sentFor(transId).find((s) => s.path.endsWith('/cancels'))!;
    expect(cancel).toMatchObject({
      path: `/payments/${CARD_DIRECT_PSP}/cancels`,
      status: 201,
      json: { merchantAccount: MERCHANT_ACCOUNT },
    });
    expect(cancel.headers['idempotency-key']).toMatch(new RegExp(`^${transId}:cancel:[0-9a-f]{16}$`));
    // A CANCELLATION naming another attempt of ours changes nothing.
    const other = adyenWebhook({
      pspReference: 'CNCL0000000000A0',
      originalReference: CARD_DIRECT_PSP,
      merchantReference: `${transId}.00000000-0000-4000-8000-000000000000`,
      amount: { value: 1000, currency: 'USD' },
      eventCode: 'CANCELLATION',
      success: 'true',
    });
    await deliverTwice(other);
    expect(await status(transId)).toMatchObject({ status: 'PENDING' });
    await deliverTwice(
      adyenWebhook({
        pspReference: 'CNCL0000000000A1',
        originalReference: CARD_DIRECT_PSP,
        merchantReference: cancel.json.reference,
        amount: { value: 1000, currency: 'USD' },
        eventCode: 'CANCELLATION',
        success: 'true',
      }),
    );
    expect(await status(transId)).toMatchObject({ status: 'REVERSAL' });
  });

  it('a webhook with a wrong HMAC is refused and changes nothing', async () => {
    adyen.prefer = direct;
    const auth = await post(saleFields(merchant, { auth: 'Y' }));
    const transId = auth.body.trans_id as string;
    adyen.prefer = (path) => (path.endsWith('/captures') ? 'example=capture' : undefined);
    await post(transIdFields(merchant, 'CAPTURE', transId, { extra: { amount: '10.00' } }));
    const forged = adyenWebhook(
      {
        pspReference: '993617894906488A',
        originalReference: CARD_DIRECT_PSP,
        merchantReference: `${transId}.capture`,
        amount: { value: 1000, currency: 'USD' },
        eventCode: 'CAPTURE',
        success: 'true',
      },
      'AA'.repeat(32),
    );
    const answer = await deliver(forged);
    expect(answer.status).toBe(401);
    expect(answer.text).not.toContain('[accepted]');
    expect(await status(transId)).toMatchObject({ status: 'PENDING' });

    // A request whose every other item is valid is refused all the same: nothing of it is applied.
    const valid = JSON.parse(
      adyenWebhook({
        pspReference: '993617894906488A',
        originalReference: CARD_DIRECT_PSP,
        merchantReference: `${transId}.capture`,
        amount: { value: 1000, currency: 'USD' },
        eventCode: 'CAPTURE',
        success: 'true',
      }),
    );
    const mixed = { ...valid, notificationItems: [...valid.notificationItems, ...JSON.parse(forged).notificationItems] };
    expect((await deliver(JSON.stringify(mixed))).status).toBe(401);
    // Adyen's live platform's webhook does not change a sandbox stage's payments (signed or not).
    expect(await deliver(JSON.stringify({ ...valid, live: 'true' }))).toEqual({ status: 200, text: '[accepted]' });
    expect(await status(transId)).toMatchObject({ status: 'PENDING' });
    // A body that is not Adyen's is refused.
    expect((await deliver('{"notificationItems":"x"}')).status).toBe(401);
  });

  it('AUTHORISATION webhook completes a 3DS payment whose payer never came back', async () => {
    adyen.prefer = (path) => (path === '/payments' ? 'example=card-3d-secure-redirect' : undefined);
    const res = await post(saleFields(merchant));
    const transId = res.body.trans_id as string;
    expect(res.body).toMatchObject({ status: '3DS' });
    await deliverTwice(
      adyenWebhook({
        pspReference: DETAILS_PSP,
        merchantReference: transId,
        amount: { value: 1000, currency: 'USD' },
        eventCode: 'AUTHORISATION',
        success: 'true',
        reason: '874574:1111:03/2030',
      }),
    );
    expect(await status(transId)).toMatchObject({ status: 'SETTLED' });
    const payment = await deps().payments.get(transId);
    expect(payment).toMatchObject({ rrn: DETAILS_PSP, approvalCode: '874574' });
    expect(sentFor(transId).filter((s) => s.path === '/payments/details')).toHaveLength(0);
  });
});
