/**
 * The Checkout.com connector end to end on the local platform, against Prism (@stoplight/prism-cli) serving
 * Checkout.com's own API description (../shared/specs/checkout-com/swagger.json, unchanged) with request validation
 * on (--errors): every request the connector sends must be valid for the document (the test transport fails on a
 * request Prism flags), and every answer it reads is checked against the document's schema of that answer
 * (test/support/checkout-com-prism.ts). Webhooks are signed as Checkout.com signs them: Cko-Signature, the hex
 * HMAC-SHA256 of the raw body with the MID's webhook secret.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { deps, reconciliationDeps } from '../../../shared/entry/composition/deps.js';
import { GAVE_UP_REASON, reconcilePayment } from '../../../shared/operations/reconciliation/reconcile.js';
import { paymentSummary } from '../../../shared/operations/console/timeline.js';
import { signRequest } from '../../../shared/protocol/merchant-api/request-signature.js';
import { checkoutComConnector, checkoutComReturnPath } from '../../../shared/adapters/connectors/checkout-com.js';
import { acquirerAddressRules } from '../../../shared/adapters/connectors/http-transport.js';
import { eventSignature } from '../../../shared/protocol/providers/checkout-com-webhook.js';
import { LATE_OUTCOME_METRIC } from '../../../shared/operations/payment/index.js';
import { receiveNotification } from '../../../shared/operations/providers/receive.js';
import { invocation, withInvocation } from '../../../shared/lib/telemetry.js';
import { eventually, postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { injectConnector, restoreConnectors } from '../../support/connectors.js';
import { CKO_3DS_PAGE, INSUFFICIENT_FUNDS, startCheckoutComPrism, type CheckoutComPrism } from '../../support/checkout-com-prism.js';
import { setRouting } from '../../../shared/operations/routing/manage.js';
import { saleFields, transIdFields } from '../../support/s2s.js';

const SECRET_KEY = 'sk_sbox_m73dzbpy7cf3gfd46xr4yj5xo4e';
const WEBHOOK_SECRET = 'cko-webhook-signature-key';
const CHANNEL = 'pc_q4dbxom5jbgudnjzjpz7j2z6uq';

let cko: CheckoutComPrism;
const platform = usePlatform();
let shop: MerchantServer;
let merchant: Merchant;

beforeAll(async () => {
  cko = await startCheckoutComPrism();
  shop = await startMerchantServer();
  merchant = await testMerchant({
    notificationUrl: shop.url,
    mids: [
      {
        connector: 'checkout-com',
        connectorSettings: { url: cko.url, processingChannelId: CHANNEL },
        credentials: { secret_key: SECRET_KEY, webhook_secret: WEBHOOK_SECRET },
      },
    ],
  });
  const d = deps();
  injectConnector(
    checkoutComConnector({
      credentials: d.secrets['merchant-secrets'],
      transport: cko.transport,
      rules: acquirerAddressRules('sandbox'),
      publicBaseUrl: platform.url,
    }),
  );
}, 180_000);

afterAll(async () => {
  restoreConnectors();
  cko?.stop();
  await shop?.close();
});

afterEach(() => {
  cko.next = 'approved';
  cko.decline = INSUFFICIENT_FUNDS;
  cko.override = undefined;
  cko.loseAnswerTo = undefined;
  const found = cko.violations.splice(0);
  expect(found).toEqual([]);
});

const post = (fields: Record<string, unknown>) => postForm(`${platform.url}/post`, fields as never);
const callbacksFor = (transId: string) => shop.received.filter((c) => c.fields.trans_id === transId);
const stored = async (transId: string) => (await deps().payments.get(transId))!;
const sentFor = (transId: string) =>
  cko.sent.filter(
    (s) =>
      JSON.stringify(s.json ?? {}).includes(transId) ||
      s.headers['cko-idempotency-key']?.startsWith(transId) ||
      (s.method === 'GET' && s.path.includes(idOf(transId))),
  );
const ids = new Map<string, string>();
const idOf = (transId: string) => ids.get(transId) ?? '\u0000';
const status = async (transId: string) => (await post(transIdFields(merchant, 'GET_TRANS_STATUS', transId))).body;

/** Checkout.com's webhook about a payment (or a follow-up: its reference), signed with the MID's secret unless told. */
function webhook(type: string, paymentId: string, reference: string, amount: number, secret = WEBHOOK_SECRET) {
  const body = JSON.stringify({
    id: 'evt_az5sblvku4ge3dwpztvyizgcau',
    type,
    created_on: new Date().toISOString(),
    data: { id: paymentId, reference, amount, currency: 'USD' },
  });
  return { body, signature: eventSignature(body, secret) };
}
const deliver = (w: { body: string; signature?: string }) =>
  fetch(`${platform.url}/providers/checkout-com/notifications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(w.signature ? { 'cko-signature': w.signature } : {}) },
    body: w.body,
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as { effect?: string } }));

/** The same webhook twice at the same moment: both acknowledged, one of them applied at most. */
async function deliverTwice(w: { body: string; signature: string }): Promise<string[]> {
  const answers = await Promise.all([deliver(w), deliver(w)]);
  for (const a of answers) expect(a.status).toBe(200);
  return answers.map((a) => a.body.effect!).sort();
}

/** Every callback the platform owes for the payment has been delivered (its count, not a clock). */
const callbacksSettled = (transId: string) =>
  eventually(async () => ((await deps().payments.get(transId))?.callbackCount ?? 0) === callbacksFor(transId).length || undefined);

async function sale(overrides: Record<string, unknown> = {}) {
  const res = await post(saleFields(merchant, overrides as never));
  const transId = res.body.trans_id as string;
  const rrn = (await stored(transId)).rrn;
  if (rrn) ids.set(transId, rrn);
  return { res, transId, paymentId: rrn! };
}

describe("Checkout.com connector against Prism serving Checkout.com's API description", () => {
  it('SALE approved: the card as source, capture true, our trans_id as reference and Cko-Idempotency-Key', async () => {
    const { res, transId, paymentId } = await sale();
    expect(res.body).toMatchObject({ action: 'SALE', result: 'SUCCESS', status: 'SETTLED', amount: '10.00' });
    const [payment] = sentFor(transId);
    expect(payment).toMatchObject({
      method: 'POST',
      path: '/payments',
      status: 201,
      headers: { authorization: `Bearer ${SECRET_KEY}`, 'cko-idempotency-key': transId },
    });
    expect(payment!.json).toMatchObject({
      source: { type: 'card', expiry_month: 1, expiry_year: 2038, cvv: '123' },
      amount: 1000,
      currency: 'USD',
      reference: transId,
      capture: true,
      processing_channel_id: CHANNEL,
      success_url: `${platform.url}${checkoutComReturnPath(transId)}`,
    });
    expect(await stored(transId)).toMatchObject({ rrn: paymentId, approvalCode: '643381' });
    expect(paymentId).toMatch(/^pay_\w{26}$/);
  });

  it("a declined payment is DECLINED with Checkout.com's response summary", async () => {
    cko.next = 'declined';
    const { res } = await sale();
    expect(res.body).toMatchObject({ result: 'DECLINED', status: 'DECLINED', decline_reason: 'Insufficient Funds (20051)' });
  });

  it('a duplicate / in-progress refusal (429) and a 502 are undetermined, never a decline, and sent once', async () => {
    for (const choice of ['duplicate', 'server-error'] as const) {
      cko.next = choice;
      const { res, transId } = await sale();
      expect(res.body).toMatchObject({ result: 'UNDEFINED' });
      expect((await stored(transId)).status).not.toBe('DECLINED');
      expect(sentFor(transId)).toHaveLength(1);
    }
  });

  it('AUTH then CAPTURE: held (capture false), captured by the payment id; the webhook settles it exactly once', async () => {
    const { res, transId, paymentId } = await sale({ auth: 'Y' });
    expect(res.body).toMatchObject({ result: 'SUCCESS', status: 'PENDING' });
    expect(sentFor(transId)[0]!.json).toMatchObject({ capture: false });

    const cap = await post(transIdFields(merchant, 'CAPTURE', transId, { extra: { amount: '10.00' } }));
    expect(cap.body).toMatchObject({ action: 'CAPTURE', result: 'UNDEFINED' });
    const capture = sentFor(transId).find((s) => s.path.endsWith('/captures'))!;
    expect(capture).toMatchObject({
      path: `/payments/${paymentId}/captures`,
      status: 202,
      headers: { 'cko-idempotency-key': `${transId}.capture` },
      json: { amount: 1000, reference: `${transId}.capture` },
    });

    // The webhook twice at once, then twice more: one capture, one callback.
    const w = webhook('payment_captured', paymentId, `${transId}.capture`, 1000);
    expect(await deliverTwice(w)).toEqual(['applied', 'unchanged']);
    expect(await deliverTwice(w)).toEqual(['unchanged', 'unchanged']);
    expect(await status(transId)).toMatchObject({ status: 'SETTLED' });
    await callbacksSettled(transId);
    expect(callbacksFor(transId).filter((c) => c.fields.action === 'CAPTURE' && c.fields.result === 'SUCCESS')).toHaveLength(1);
    expect(sentFor(transId).filter((s) => s.path.endsWith('/captures'))).toHaveLength(1);
    // The platform asked Checkout.com (the payment's actions), never took the webhook's word.
    expect(sentFor(transId).filter((s) => s.method === 'GET' && s.path.endsWith('/actions')).length).toBeGreaterThan(0);
  });

  it("REFUND (CREDITVOID): /refunds with the attempt's own reference; the webhook applies it once", async () => {
    const { transId, paymentId } = await sale();
    const refund = await post(transIdFields(merchant, 'CREDITVOID', transId, { extra: { amount: '4.00' } }));
    expect(refund.body).toMatchObject({ action: 'CREDITVOID' });
    const request = sentFor(transId).find((s) => s.path.endsWith('/refunds'))!;
    expect(request).toMatchObject({ path: `/payments/${paymentId}/refunds`, status: 202, json: { amount: 400 } });
    const reference = request.json.reference as string;
    expect(reference).toMatch(new RegExp(`^${transId}\\.r\\.[0-9a-f]{10}$`));
    expect(request.headers['cko-idempotency-key']).toBe(reference);

    expect(await deliverTwice(webhook('payment_refunded', paymentId, reference, 400))).toEqual(['applied', 'unchanged']);
    const payment = await stored(transId);
    expect(payment).toMatchObject({ refundedAmount: 400 });
    expect(payment.history.filter((h) => h.type === 'REFUND')).toMatchObject([{ status: 'success' }]);
    await callbacksSettled(transId);
    expect(callbacksFor(transId).filter((c) => c.fields.action === 'CREDITVOID' && c.fields.result === 'SUCCESS')).toHaveLength(1);
  });

  it('VOID: /voids by the payment id; the webhook voids it once', async () => {
    const { transId, paymentId } = await sale();
    const voided = await post(transIdFields(merchant, 'VOID', transId));
    expect(voided.body).toMatchObject({ action: 'VOID', result: 'UNDEFINED' });
    expect(sentFor(transId).find((s) => s.path.endsWith('/voids'))).toMatchObject({
      path: `/payments/${paymentId}/voids`,
      status: 202,
      headers: { 'cko-idempotency-key': `${transId}.void` },
      json: { reference: `${transId}.void` },
    });
    expect(await deliverTwice(webhook('payment_voided', paymentId, `${transId}.void`, 1000))).toEqual(['applied', 'unchanged']);
    expect(await status(transId)).toMatchObject({ status: 'VOID' });
  });

  it("a capture whose answer was lost is settled by inquiry: its action found by reference among the payment's actions", async () => {
    const { transId, paymentId } = await sale({ auth: 'Y' });
    cko.loseAnswerTo = '/captures';
    const cap = await post(transIdFields(merchant, 'CAPTURE', transId, { extra: { amount: '10.00' } }));
    expect(cap.body).toMatchObject({ action: 'CAPTURE', result: 'UNDEFINED' });
    // The reconciler asks (no grace: the test does not wait out the platform's); it never sends the capture again.
    const r = await reconcilePayment({ ...reconciliationDeps(), graceSeconds: 0 }, transId, Date.now());
    expect(r.resolved).toBeTruthy();
    expect(await status(transId)).toMatchObject({ status: 'SETTLED' });
    expect(sentFor(transId).filter((s) => s.path.endsWith('/captures'))).toHaveLength(1);
    expect(sentFor(transId).filter((s) => s.method === 'GET')).toMatchObject([{ path: `/payments/${paymentId}/actions` }]);
  });

  it('a payment whose answer was lost is settled by its webhook: asked by the id the signed webhook names, bound to ours', async () => {
    cko.loseAnswerTo = '/payments';
    const { res, transId } = await sale();
    expect(res.body).toMatchObject({ result: 'UNDEFINED' });
    expect((await stored(transId)).rrn).toBeUndefined();
    // Checkout.com has it (the model processed the request); only its answer was lost.
    const paymentId = [...cko.payments.values()].find((p) => p.reference === transId)!.id;

    // A signed webhook naming another payment's id (here, one made up): asked, not ours, nothing changes.
    const made = {
      id: 'pay_aaaaaaaaaaaaaaaaaaaaaaaaaa',
      reference: 'another',
      amount: 5,
      currency: 'USD',
      capture: true,
      status: 'Captured',
      approved: true,
      requestedOn: new Date().toISOString(),
      actions: [],
    };
    cko.payments.set(made.id, made);
    expect(await deliverTwice(webhook('payment_captured', made.id, transId, 1000))).toEqual(['unchanged', 'unchanged']);
    expect((await stored(transId)).status).not.toBe('SETTLED');

    expect(await deliverTwice(webhook('payment_captured', paymentId, transId, 1000))).toEqual(['applied', 'unchanged']);
    expect(await stored(transId)).toMatchObject({ status: 'SETTLED', rrn: paymentId });
    await callbacksSettled(transId);
    expect(callbacksFor(transId).filter((c) => c.fields.result === 'SUCCESS')).toHaveLength(1);
    expect(sentFor(transId).filter((s) => s.method === 'POST')).toHaveLength(1);
  });

  it("3DS: the payer goes to Checkout.com's page; back at our return URL, GET /payments/{id} completes the SALE once", async () => {
    cko.next = '3ds';
    const { res, transId, paymentId } = await sale();
    expect(res.body).toMatchObject({
      result: 'REDIRECT',
      status: '3DS',
      redirect_method: 'GET',
      redirect_url: `${CKO_3DS_PAGE}/${paymentId}`,
    });

    cko.finish3ds(paymentId, true);
    // The payer comes back with a session id; the platform asks by the payment id it stored, not by that.
    const back = await fetch(`${platform.url}${checkoutComReturnPath(transId)}?cko-session-id=sid_y3oqhf46pyzuxjbcn2giaqnb44`);
    expect(back.status).toBe(200);
    expect(await back.text()).toContain('action="https://merchant.example/3ds-return"');
    expect(sentFor(transId).filter((s) => s.method === 'GET')).toMatchObject([{ path: `/payments/${paymentId}`, status: 200 }]);
    expect(await status(transId)).toMatchObject({ status: 'SETTLED' });
    await eventually(() => callbacksFor(transId).find((c) => c.fields.result === 'SUCCESS'));

    // The payer's browser comes back again, and the webhook arrives: nothing changes, one SUCCESS callback.
    await fetch(`${platform.url}${checkoutComReturnPath(transId)}`);
    expect(await deliverTwice(webhook('payment_captured', paymentId, transId, 1000))).toEqual(['unchanged', 'unchanged']);
    await callbacksSettled(transId);
    expect(callbacksFor(transId).filter((c) => c.fields.result === 'SUCCESS')).toHaveLength(1);
  });

  it('3DS completed by the webhook when the payer never comes back', async () => {
    cko.next = '3ds';
    const { transId, paymentId } = await sale({ auth: 'Y' });
    const w = webhook('payment_approved', paymentId, transId, 1000);
    // Still on Checkout.com's page: the webhook's prompt finds nothing decided, the step stays open.
    expect(await deliverTwice(w)).toEqual(['unchanged', 'unchanged']);
    expect(await status(transId)).toMatchObject({ status: '3DS' });
    cko.finish3ds(paymentId, true);
    expect(await deliverTwice(w)).toEqual(['applied', 'unchanged']);
    expect(await status(transId)).toMatchObject({ status: 'PENDING' });
  });

  it('an answer about another payment (amount differs) is never an approval: the 3DS payment stays undecided', async () => {
    cko.next = '3ds';
    const { transId, paymentId } = await sale();
    cko.finish3ds(paymentId, true);
    const p = cko.payments.get(paymentId)!;
    cko.override = (method, path) =>
      method === 'GET' && path === `/payments/${paymentId}`
        ? {
            status: 200,
            body: {
              id: p.id,
              requested_on: p.requestedOn,
              amount: 100,
              currency: p.currency,
              reference: p.reference,
              approved: true,
              status: 'Captured',
              _links: { self: { href: 'https://x' }, actions: { href: 'https://y' } },
            },
          }
        : undefined;
    await fetch(`${platform.url}${checkoutComReturnPath(transId)}`);
    const payment = await stored(transId);
    expect(payment.status).not.toBe('SETTLED');
    expect(callbacksFor(transId).filter((c) => c.fields.result === 'SUCCESS')).toHaveLength(0);
    // Checkout.com's own answer about this payment then settles it (here: by its webhook).
    cko.override = undefined;
    await deliverTwice(webhook('payment_captured', paymentId, transId, 1000));
    await eventually(async () => ((await stored(transId)).status === 'SETTLED' ? true : undefined));
  });

  it("a webhook with a wrong, missing or another MID's signature is refused (401) and changes nothing", async () => {
    const { transId, paymentId } = await sale({ auth: 'Y' });
    await post(transIdFields(merchant, 'CAPTURE', transId, { extra: { amount: '10.00' } }));
    const forged = webhook('payment_captured', paymentId, `${transId}.capture`, 1000, 'another-secret');
    expect((await deliver(forged)).status).toBe(401);
    expect((await deliver({ body: forged.body })).status).toBe(401);
    const valid = webhook('payment_captured', paymentId, `${transId}.capture`, 1000);
    expect((await deliver({ body: valid.body.replace('1000', '1001'), signature: valid.signature })).status).toBe(401);
    expect(await status(transId)).toMatchObject({ status: 'PENDING' });
    // An event about a payment that is not ours: acknowledged, nothing learned, nothing changed.
    expect(await deliver(webhook('payment_captured', paymentId, '00000000-0000-4000-8000-000000000000', 1000))).toEqual({
      status: 200,
      body: { result: 'OK', effect: 'unknown' },
    });
  });
});

describe('a Checkout.com MID in routing and cascading', () => {
  /** A merchant whose rule tries its Checkout.com MID first and a sandbox MID next. */
  async function cascadingMerchant() {
    const m = await testMerchant({
      notificationUrl: shop.url,
      mids: [
        {
          name: 'cko',
          connector: 'checkout-com',
          connectorSettings: { url: cko.url, processingChannelId: CHANNEL },
          credentials: { secret_key: SECRET_KEY, webhook_secret: WEBHOOK_SECRET },
        },
        { name: 'sandbox' },
      ],
    });
    const { mids } = (await deps().merchants.get(m.clientKey))!;
    const [first, second] = [mids.find((x) => x.name === 'cko')!, mids.find((x) => x.name === 'sandbox')!];
    await setRouting(deps(), m.clientKey, {
      maxAttempts: 2,
      rules: [
        {
          match: {},
          mids: [
            { midId: first.midId, weight: 100 },
            { midId: second.midId, weight: 0 },
          ],
        },
      ],
    });
    return { m, first, second };
  }

  it('a soft decline at Checkout.com ("Do not honour") cascades to the next MID; one answer', async () => {
    const { m, first, second } = await cascadingMerchant();
    cko.next = 'declined';
    cko.decline = { code: '20005', summary: 'Declined - Do not honour' };
    const res = await post(saleFields(m));
    expect(res.body).toMatchObject({ result: 'SUCCESS', status: 'SETTLED' });
    const p = await stored(res.body.trans_id);
    expect(p.midId).toBe(second.midId);
    expect(p.details.routingAttempts).toEqual([
      { midId: first.midId, answer: 'declined: Declined - Do not honour (20005)' },
      { midId: second.midId, answer: 'approved' },
    ]);
  });

  it('a hard decline, or no answer (502), at Checkout.com never cascades', async () => {
    const { m, first } = await cascadingMerchant();
    cko.next = 'declined';
    const declined = await post(saleFields(m));
    expect(declined.body).toMatchObject({ result: 'DECLINED', decline_reason: 'Insufficient Funds (20051)' });
    expect((await stored(declined.body.trans_id)).midId).toBe(first.midId);
    cko.next = 'server-error';
    const unanswered = await post(saleFields(m));
    expect(unanswered.body).toMatchObject({ result: 'UNDEFINED' });
    expect((await stored(unanswered.body.trans_id)).midId).toBe(first.midId);
    expect(sentFor(unanswered.body.trans_id)).toHaveLength(1);
  });
});

/** The merchant moves its own test clock through the signed merchant API. */
async function advanceClock(by: string): Promise<void> {
  const path = '/api/v1/merchant/clock';
  const body = JSON.stringify({ advance_by: by });
  const headers = signRequest(merchant.clientKey, merchant.password, { method: 'POST', path, query: '', body });
  const res = await fetch(platform.url + path, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body });
  expect(res.status).toBe(200);
}

// Last in the file: the merchant's clock is moved a day ahead.
describe('late Checkout.com outcomes (docs/reconciliation.md "Late outcomes")', () => {
  it('payment_approved / payment_captured after the 24 h give-up: confirmed by inquiry, refunded once, recorded and shown', async () => {
    cko.loseAnswerTo = '/payments';
    const { res, transId } = await sale();
    expect(res.body).toMatchObject({ result: 'UNDEFINED' });
    const paymentId = [...cko.payments.values()].find((p) => p.reference === transId)!.id;
    ids.set(transId, paymentId);

    await advanceClock('25h');
    await platform.runScheduled('Reconciler');
    expect(await status(transId)).toMatchObject({ status: 'DECLINED', decline_reason: GAVE_UP_REASON });
    // Checkout.com cannot cancel by our reference: nothing is sent at the give-up.
    expect(sentFor(transId).filter((s) => s.method === 'POST')).toHaveLength(1);

    // Checkout.com approved and captured it after all: both signed events, each twice at once.
    expect(await deliverTwice(webhook('payment_approved', paymentId, transId, 1000))).toEqual(['applied', 'unchanged']);
    expect(await deliverTwice(webhook('payment_captured', paymentId, transId, 1000))).toEqual(['unchanged', 'unchanged']);
    expect(sentFor(transId).filter((s) => s.method === 'POST' && s.path.startsWith(`/payments/${paymentId}/`))).toMatchObject([
      {
        path: `/payments/${paymentId}/refunds`,
        status: 202,
        headers: { 'cko-idempotency-key': `${transId}.late` },
        json: { amount: 1000, reference: `${transId}.late` },
      },
    ]);
    const payment = await stored(transId);
    expect(payment.status).toBe('DECLINED');
    expect(payment.details.lateOutcomes).toMatchObject([
      { event: 'payment_approved', attemptId: transId, amount: 1000, acquirerRef: paymentId, handling: 'reverse', reversal: 'received' },
    ]);
    expect(paymentSummary(payment).lateOutcomes).toMatchObject([{ event: 'payment_approved', amount: '10.00', reversal: 'received' }]);
  });

  /** A payment given up on whose approval came after all: its late refund sent (trans_id.late), received. */
  async function lateRefundSent(): Promise<{ transId: string; paymentId: string }> {
    cko.loseAnswerTo = '/payments';
    const { transId } = await sale();
    const paymentId = [...cko.payments.values()].find((p) => p.reference === transId)!.id;
    ids.set(transId, paymentId);
    await advanceClock('25h');
    await platform.runScheduled('Reconciler');
    expect(await status(transId)).toMatchObject({ status: 'DECLINED' });
    expect(await deliverTwice(webhook('payment_approved', paymentId, transId, 1000))).toEqual(['applied', 'unchanged']);
    expect((await stored(transId)).details.lateOutcomes).toMatchObject([{ handling: 'reverse', reversal: 'received' }]);
    return { transId, paymentId };
  }
  const posts = (transId: string) => sentFor(transId).filter((s) => s.method === 'POST').length;

  it('payment_refunded for our late refund (trans_id.late): the reversal recorded done, once however often it comes', async () => {
    const { transId, paymentId } = await lateRefundSent();
    const sent = posts(transId);
    const refunded = webhook('payment_refunded', paymentId, `${transId}.late`, 1000);
    expect(await deliverTwice(refunded)).toEqual(['applied', 'unchanged']);
    expect((await deliver(refunded)).body.effect).toBe('unchanged');
    // A declined one after it changes nothing: the first word on it stands.
    expect((await deliver(webhook('payment_refund_declined', paymentId, `${transId}.late`, 1000))).body.effect).toBe('unchanged');
    const payment = await stored(transId);
    expect(payment.status).toBe('DECLINED');
    expect(payment.details.lateOutcomes).toMatchObject([{ event: 'payment_approved', handling: 'reverse', reversal: 'done' }]);
    expect(paymentSummary(payment).lateOutcomes).toMatchObject([{ reversal: 'done' }]);
    // Nothing was sent because of it.
    expect(posts(transId)).toBe(sent);
  });

  it('payment_refund_declined for our late refund: the reversal recorded failed (money still taken), flagged and counted once', async () => {
    const { transId, paymentId } = await lateRefundSent();
    const body = JSON.stringify({
      id: 'evt_lkpolmvk5rse3khgaqlgdpfvwa',
      type: 'payment_refund_declined',
      created_on: new Date().toISOString(),
      data: { id: paymentId, reference: `${transId}.late`, amount: 1000, currency: 'USD', response_summary: 'Refund rejected' },
    });
    const counted = () =>
      withInvocation(
        'ProviderNotification',
        async () => (
          await receiveNotification(deps(), { slug: 'checkout-com', rawBody: body, signature: eventSignature(body, WEBHOOK_SECRET) }),
          invocation()!.observed[LATE_OUTCOME_METRIC]
        ),
      );
    expect((await Promise.all([counted(), counted()])).filter(Boolean)).toEqual([1]);
    expect(await deliverTwice({ body, signature: eventSignature(body, WEBHOOK_SECRET) })).toEqual(['unchanged', 'unchanged']);
    const payment = await stored(transId);
    expect(payment.details.lateOutcomes).toMatchObject([
      { handling: 'reverse', reversal: 'failed', note: 'payment_refund_declined: Refund rejected' },
    ]);
    expect(paymentSummary(payment).lateOutcomes).toMatchObject([{ reversal: 'failed', note: 'payment_refund_declined: Refund rejected' }]);
  });

  it('payment_capture_declined after the capture was recorded as done: confirmed by inquiry, flagged once', async () => {
    const { transId, paymentId } = await sale({ auth: 'Y' });
    await post(transIdFields(merchant, 'CAPTURE', transId, { extra: { amount: '10.00' } }));
    expect(await deliverTwice(webhook('payment_captured', paymentId, `${transId}.capture`, 1000))).toEqual(['applied', 'unchanged']);
    // Checkout.com's capture failed after all.
    cko.payments.get(paymentId)!.actions.find((a) => a.type === 'Capture')!.approved = false;
    expect(await deliverTwice(webhook('payment_capture_declined', paymentId, `${transId}.capture`, 1000))).toEqual([
      'applied',
      'unchanged',
    ]);
    const payment = await stored(transId);
    const capture = payment.history.find((h) => h.type === 'CAPTURE')!;
    expect(payment.status).toBe('SETTLED');
    expect(payment.details.lateOutcomes).toEqual([
      expect.objectContaining({ event: 'payment_capture_declined', attemptId: capture.id, amount: 1000, handling: 'flag' }),
    ]);
  });

  it('payment_refund_declined after the refund was recorded as done: confirmed by inquiry, flagged once', async () => {
    const { transId, paymentId } = await sale();
    await post(transIdFields(merchant, 'CREDITVOID', transId, { extra: { amount: '4.00' } }));
    const reference = sentFor(transId).find((s) => s.path.endsWith('/refunds'))!.json.reference as string;
    expect(await deliverTwice(webhook('payment_refunded', paymentId, reference, 400))).toEqual(['applied', 'unchanged']);
    cko.payments.get(paymentId)!.actions.find((a) => a.type === 'Refund')!.approved = false;
    expect(await deliverTwice(webhook('payment_refund_declined', paymentId, reference, 400))).toEqual(['applied', 'unchanged']);
    const payment = await stored(transId);
    const refund = payment.history.find((h) => h.type === 'REFUND')!;
    expect(payment.details.lateOutcomes).toEqual([
      expect.objectContaining({ event: 'payment_refund_declined', attemptId: refund.id, amount: 400, handling: 'flag' }),
    ]);
  });
});
