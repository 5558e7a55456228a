/**
 * A hosted-fields payment on an Adyen MID whose payment Adyen answers with RedirectShopper (3DS on Adyen's own page),
 * against Prism serving Adyen's Checkout API v71 with request validation on (test/support/adyen-prism.ts): the
 * processing call answers `redirect`, the payer's redirect_url hands over to Adyen's action (never the platform's own
 * 3DS step), Adyen's return completes it with /payments/details and the payer lands on the session's return_url with
 * the return hash; a payment Adyen's webhook declines ends declined (processing answer, callback, return_url).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { RunningPlatform } from '../../../scripts/local/platform.js';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { adyenReturnPath } from '../../../shared/adapters/connectors/adyen.js';
import { eventually } from '../../support/platform.js';
import type { AdyenPrism } from '../../support/adyen-prism.js';
import type { MerchantServer } from '../../support/merchant-server.js';
import {
  adyenWebhook,
  answerWithIssuerForm,
  storedPayment,
  useAdyenPlatform,
  ADYEN_3DS_PAGE,
  ADYEN_POST_PAGE,
  DETAILS_PSP,
  ISSUER_FORM,
  ISSUER_RETURN,
} from '../../support/adyen-platform.js';
import { returnHash } from '../checkout/support.js';
import { callbackHash, createToken, pay, paymentBody, submitCard, SHOP } from '../hosted-fields/support.js';

const world = useAdyenPlatform();
let adyen: AdyenPrism;
let platform: RunningPlatform;
let shop: MerchantServer;
let merchant: Merchant;
beforeAll(() => {
  ({ adyen, platform, shop, merchant } = world);
});

const detailsSentFor = (transId: string) =>
  adyen.sent.filter((s) => s.path === '/payments/details' && s.headers['idempotency-key']?.startsWith(transId));
const open = (url: string, init: RequestInit = {}) => fetch(url, { redirect: 'manual', ...init });
/** The payer's browser posting the platform's 3DS form (its one-off token) to redirect_url. */
const postForm = (url: string) => {
  const u = new URL(url);
  return open(`${u.origin}${u.pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `token=${encodeURIComponent(u.searchParams.get('token')!)}`,
  });
};

/** The payer submits the card, the merchant backend starts the payment; Adyen asks for 3DS on its own page. */
async function payToAdyen3ds() {
  adyen.prefer = (path) =>
    path === '/payments' ? 'example=card-3d-secure-redirect' : path === '/payments/details' ? 'example=00.redirect' : undefined;
  const { token, order } = await createToken(platform.url, merchant);
  expect((await submitCard(platform.url, token, '01/38')).body).toEqual({ result: 'success', message: '' });
  const paid = await pay(platform.url, token, paymentBody({ browser_info: { accept_header: 'text/html', user_agent: 'Mozilla/5.0' } }));
  expect(paid.body).toMatchObject({ result: 'redirect', amount: '10.00', currency: 'USD' });
  const transId = paid.body.public_id as string;
  const redirectUrl = paid.body.redirect_url as string;
  expect(redirectUrl.startsWith(`${platform.url}/hosted-fields/3ds/${transId}?token=`)).toBe(true);
  const sent = adyen.sent.filter((s) => s.path === '/payments').at(-1)!;
  expect(sent.json).toMatchObject({ reference: transId, returnUrl: `${platform.url}${adyenReturnPath(transId)}` });
  expect(await storedPayment(transId)).toMatchObject({ protocol: 'checkout', status: '3DS' });
  return { token, order, transId, redirectUrl };
}

/** The return_url the payer lands on: the session's, with the ids and the return hash. */
function expectReturnUrl(
  location: string | null,
  transId: string,
  order: { number: string; amount: string; currency: string; description: string },
) {
  const url = new URL(location!);
  expect(url.origin + url.pathname).toBe(`${SHOP}/return`);
  expect(Object.fromEntries(url.searchParams)).toMatchObject({
    payment_id: transId,
    order_id: order.number,
    hash: returnHash(merchant, transId, order),
  });
  expect(url.searchParams.get('trans_id')).toMatch(/^[0-9a-f-]{36}$/);
}

describe("a hosted-fields payment on an Adyen MID with 3DS on Adyen's page", () => {
  it("redirect_url sends the payer to Adyen's action; back at the returnUrl, /payments/details settles it and the payer goes to return_url", async () => {
    const { token, order, transId, redirectUrl } = await payToAdyen3ds();

    // redirect_url, opened or its form posted, hands over to Adyen: the platform's own step never completes it.
    const shown = await open(redirectUrl);
    expect(shown.status).toBe(303);
    expect(shown.headers.get('location')).toBe(ADYEN_3DS_PAGE);
    const posted = await postForm(redirectUrl);
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe(ADYEN_3DS_PAGE);
    expect(detailsSentFor(transId)).toHaveLength(0);
    expect(await storedPayment(transId)).toMatchObject({ status: '3DS' });
    // Without the one-off token, redirect_url tells nothing about the payment.
    expect((await open(redirectUrl.replace(/token=[^&]+/, 'token=wrong'))).status).toBe(404);

    // Adyen sends the payer back with its redirectResult.
    const back = await open(`${platform.url}${adyenReturnPath(transId)}?redirectResult=${encodeURIComponent('X6XtfGC3!Y...')}`);
    expect(back.status).toBe(303);
    expectReturnUrl(back.headers.get('location'), transId, order);
    expect(detailsSentFor(transId)).toMatchObject([
      { status: 200, headers: { 'idempotency-key': `${transId}:details` }, json: { details: { redirectResult: 'X6XtfGC3!Y...' } } },
    ]);
    expect(await storedPayment(transId)).toMatchObject({ status: 'SETTLED', rrn: DETAILS_PSP });
    const cb = await eventually(() => shop.received.find((c) => c.fields.id === transId && c.fields.type === 'sale'));
    expect(cb.fields).toMatchObject({ order_number: order.number, order_status: 'settled', status: 'success' });
    expect(cb.fields.hash).toBe(callbackHash(merchant, cb.fields));

    // The merchant backend's repeated processing call answers the outcome; redirect_url now leads to return_url.
    expect((await pay(platform.url, token)).body).toMatchObject({ result: 'success', public_id: transId });
    const after = await open(redirectUrl);
    expect(after.status).toBe(303);
    expectReturnUrl(after.headers.get('location'), transId, order);
    // A second return asks Adyen nothing more.
    expect((await open(`${platform.url}${adyenReturnPath(transId)}?redirectResult=again`)).status).toBe(303);
    expect(detailsSentFor(transId)).toHaveLength(1);
  });

  it("an issuer page that takes a form: redirect_url posts the payer there with Adyen's fields; MD and PaRes complete it", async () => {
    answerWithIssuerForm(adyen, 'N7F5XQ2Z6G8K4J3N');
    const { token, order } = await createToken(platform.url, merchant);
    expect((await submitCard(platform.url, token, '01/38')).body).toEqual({ result: 'success', message: '' });
    const paid = await pay(platform.url, token, paymentBody({ browser_info: { accept_header: 'text/html', user_agent: 'Mozilla/5.0' } }));
    expect(paid.body).toMatchObject({ result: 'redirect' });
    const transId = paid.body.public_id as string;

    const shown = await open(paid.body.redirect_url as string);
    expect(shown.status).toBe(200);
    const html = await shown.text();
    expect(html).toContain(`<form id="acquirer-step" method="post" action="${ADYEN_POST_PAGE}">`);
    expect(html).toContain(`<input type="hidden" name="PaReq" value="${ISSUER_FORM.PaReq}">`);
    expect(shown.headers.get('content-security-policy')).toContain('form-action https://test.adyen.com;');

    const back = await open(`${platform.url}${adyenReturnPath(transId)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(ISSUER_RETURN),
    });
    expect(back.status).toBe(303);
    expectReturnUrl(back.headers.get('location'), transId, order);
    expect(detailsSentFor(transId)).toMatchObject([{ status: 200, json: { details: ISSUER_RETURN } }]);
    expect(await storedPayment(transId)).toMatchObject({ status: 'SETTLED' });
  });

  it("declined by Adyen's AUTHORISATION webhook while the payer is away: a decline everywhere, the payer back at return_url", async () => {
    const { token, order, transId, redirectUrl } = await payToAdyen3ds();
    expect((await open(redirectUrl)).headers.get('location')).toBe(ADYEN_3DS_PAGE);
    const res = await fetch(`${platform.url}/providers/adyen/notifications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: adyenWebhook({
        pspReference: DETAILS_PSP,
        merchantReference: transId,
        amount: { value: 1000, currency: 'USD' },
        eventCode: 'AUTHORISATION',
        success: 'false',
        reason: 'Refused',
      }),
    });
    expect(await res.text()).toBe('[accepted]');
    expect(await storedPayment(transId)).toMatchObject({ status: 'DECLINED', declineReason: 'Refused' });

    expect((await pay(platform.url, token)).body).toMatchObject({ result: 'decline', public_id: transId });
    const cb = await eventually(() => shop.received.find((c) => c.fields.id === transId && c.fields.type === 'sale'));
    expect(cb.fields).toMatchObject({ order_number: order.number, status: 'fail', order_status: 'decline' });

    // The payer, back from Adyen or on redirect_url again, goes to return_url; Adyen is asked nothing more.
    const back = await open(`${platform.url}${adyenReturnPath(transId)}?redirectResult=late`);
    expect(back.status).toBe(303);
    expectReturnUrl(back.headers.get('location'), transId, order);
    const again = await open(redirectUrl);
    expect(again.status).toBe(303);
    expectReturnUrl(again.headers.get('location'), transId, order);
    expect(detailsSentFor(transId)).toHaveLength(0);
  });
});
