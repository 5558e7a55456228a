/**
 * A Checkout page card payment on an Adyen MID whose payment Adyen answers with RedirectShopper (3DS on Adyen's own
 * page), against Prism serving Adyen's Checkout API v71 with request validation on (test/support/adyen-prism.ts): the
 * page sends the payer to Adyen's action, Adyen's return completes it with /payments/details, and the payer lands on
 * the merchant's success URL with the return hash; a payment Adyen's webhook declines sends the payer (back on the
 * page link) to the cancel URL. The page is driven over HTTP like test/integration/checkout/page.test.ts.
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
import { card, createSession, get, postPage, returnHash } from '../checkout/support.js';

const world = useAdyenPlatform();
let adyen: AdyenPrism;
let platform: RunningPlatform;
let shop: MerchantServer;
let merchant: Merchant;
beforeAll(() => {
  ({ adyen, platform, shop, merchant } = world);
});

const sentFor = (transId: string) => adyen.sent.filter((s) => s.headers['idempotency-key']?.startsWith(transId));

/** The payer submits the page; Adyen asks for 3DS on its own page. */
async function payToAdyen3ds() {
  adyen.prefer = (path) =>
    path === '/payments' ? 'example=card-3d-secure-redirect' : path === '/payments/details' ? 'example=00.redirect' : undefined;
  const session = await createSession(platform.url, merchant);
  const paid = await postPage(`${session.url}/pay`, card('01/38'));
  return { ...session, paid };
}

describe("a Checkout page payment on an Adyen MID with 3DS on Adyen's page", () => {
  it("sends the payer to Adyen's action; back at the returnUrl, /payments/details settles it and the payer goes to success_url", async () => {
    const { url, order, paid } = await payToAdyen3ds();
    expect(paid).toMatchObject({ status: 303, location: ADYEN_3DS_PAGE });
    const payments = adyen.sent.filter((s) => s.path === '/payments');
    const transId = payments.at(-1)!.headers['idempotency-key']!;
    expect(payments.at(-1)!.json).toMatchObject({ reference: transId, returnUrl: `${platform.url}${adyenReturnPath(transId)}` });
    expect(await storedPayment(transId)).toMatchObject({ protocol: 'checkout', status: '3DS' });

    // The page link, opened again meanwhile, sends the payer to Adyen again (never to the platform's own 3DS step).
    expect(await get(url)).toMatchObject({ status: 303, location: ADYEN_3DS_PAGE });
    expect(await postPage(`${url}/3ds`, {})).toMatchObject({ status: 303, location: ADYEN_3DS_PAGE });
    expect(sentFor(transId).filter((s) => s.path === '/payments/details')).toHaveLength(0);

    // Adyen sends the payer back with its redirectResult.
    const back = await fetch(`${platform.url}${adyenReturnPath(transId)}?redirectResult=${encodeURIComponent('X6XtfGC3!Y...')}`, {
      redirect: 'manual',
    });
    expect(back.status).toBe(303);
    const success = new URL(back.headers.get('location')!);
    expect(success.origin + success.pathname).toBe('https://shop.example/success');
    expect(Object.fromEntries(success.searchParams)).toMatchObject({
      payment_id: transId,
      order_id: order.number,
      hash: returnHash(merchant, transId, order),
    });
    expect(success.searchParams.get('trans_id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(sentFor(transId).filter((s) => s.path === '/payments/details')).toMatchObject([
      { status: 200, headers: { 'idempotency-key': `${transId}:details` }, json: { details: { redirectResult: 'X6XtfGC3!Y...' } } },
    ]);
    expect(await storedPayment(transId)).toMatchObject({ status: 'SETTLED', rrn: DETAILS_PSP });
    // The 3DS step's callback (type 3ds), then the sale's.
    const cb = await eventually(() => shop.received.find((c) => c.fields.id === transId && c.fields.type === 'sale'));
    expect(cb.fields).toMatchObject({ order_number: order.number, order_status: 'settled', status: 'success' });

    // The session is over: its link is dead, and a second return asks Adyen nothing more.
    expect((await get(url)).status).toBe(410);
    const again = await fetch(`${platform.url}${adyenReturnPath(transId)}?redirectResult=again`, { redirect: 'manual' });
    expect(again.status).toBe(303);
    expect(sentFor(transId).filter((s) => s.path === '/payments/details')).toHaveLength(1);
  });

  it("an issuer page that takes a form: the page posts the payer there with Adyen's fields, and may post nowhere else", async () => {
    answerWithIssuerForm(adyen, 'N7F5XQ2Z6G8K4J3M');
    const session = await createSession(platform.url, merchant);
    const paid = await postPage(`${session.url}/pay`, card('01/38'));
    expect(paid.status).toBe(200);
    expect(paid.html).toContain(`<form id="acquirer-step" method="post" action="${ADYEN_POST_PAGE}">`);
    for (const [name, value] of Object.entries(ISSUER_FORM)) {
      expect(paid.html).toContain(`<input type="hidden" name="${name}" value="${value}">`);
    }
    expect(paid.headers.get('content-security-policy')).toContain('form-action https://test.adyen.com;');
    const transId = adyen.sent.filter((s) => s.path === '/payments').at(-1)!.headers['idempotency-key']!;

    // The issuer's page posts the payer back with MD and PaRes: /payments/details settles it, the payer goes to success_url.
    const back = await fetch(`${platform.url}${adyenReturnPath(transId)}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(ISSUER_RETURN),
    });
    expect(back.status).toBe(303);
    expect(new URL(back.headers.get('location')!).pathname).toBe('/success');
    expect(sentFor(transId).filter((s) => s.path === '/payments/details')).toMatchObject([
      { status: 200, json: { details: ISSUER_RETURN } },
    ]);
    expect(await storedPayment(transId)).toMatchObject({ status: 'SETTLED' });
  });

  it("declined by Adyen's AUTHORISATION webhook while the payer is away: the page link sends the payer to cancel_url", async () => {
    const { url, order, paid } = await payToAdyen3ds();
    expect(paid).toMatchObject({ status: 303, location: ADYEN_3DS_PAGE });
    const transId = adyen.sent.filter((s) => s.path === '/payments').at(-1)!.headers['idempotency-key']!;
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

    const page = await get(url);
    expect(page.status).toBe(200);
    expect(page.html).toContain('Payment declined');
    const link = /<a class="button" id="continue" href="([^"]+)"/.exec(page.html)![1]!.replace(/&amp;/g, '&');
    const cancel = new URL(link);
    expect(cancel.origin + cancel.pathname).toBe('https://shop.example/cancel');
    expect(cancel.searchParams.get('hash')).toBe(returnHash(merchant, transId, order));
    expect(sentFor(transId).filter((s) => s.path === '/payments/details')).toHaveLength(0);
  });
});
