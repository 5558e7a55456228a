/**
 * A late Adyen outcome is never acknowledged silently (docs/reconciliation.md "Late outcomes"), end to end against
 * Prism serving Adyen's Checkout API v71 with request validation on, through the public webhook endpoint with
 * signed items, and the merchant's test clock moved past the reconciler's 24 h give-up:
 *   - giving up on a payment Adyen never answered sends Adyen's technical cancel (POST /cancels by our reference),
 *     once, written with the decline;
 *   - a signed AUTHORISATION success=true after that is reversed by its pspReference (/reversals) once, however often
 *     it is delivered, recorded on the payment and shown in the console's payment view;
 *   - CAPTURE_FAILED / REFUND_FAILED after a recorded success are flagged on the payment, never dropped.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { RunningPlatform } from '../../../scripts/local/platform.js';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { signRequest } from '../../../shared/protocol/merchant-api/request-signature.js';
import { GAVE_UP_REASON } from '../../../shared/operations/reconciliation/reconcile.js';
import { paymentSummary, paymentTimeline } from '../../../shared/operations/console/timeline.js';
import { callbackDeps, deps } from '../../../shared/entry/composition/deps.js';
import { invocation, withInvocation } from '../../../shared/lib/telemetry.js';
import { receiveAdyenNotifications } from '../../../shared/operations/providers/adyen-notification.js';
import { LATE_OUTCOME_METRIC } from '../../../shared/operations/payment/index.js';
import { postForm } from '../../support/platform.js';
import type { AdyenPrism } from '../../support/adyen-prism.js';
import { adyenWebhook, storedPayment, useAdyenPlatform, MERCHANT_ACCOUNT } from '../../support/adyen-platform.js';
import { saleFields, transIdFields } from '../../support/s2s.js';

/** pspReference of Prism's card-direct example (Authorised). */
const CARD_DIRECT_PSP = '993617895204576J';
/** Adyen's pspReference of the payment it authorised after all. */
const LATE_PSP = 'L8T3PSP000000001';

const world = useAdyenPlatform();
let adyen: AdyenPrism;
let platform: RunningPlatform;
let merchant: Merchant;
beforeAll(() => {
  ({ adyen, platform, merchant } = world);
});

const post = (fields: Record<string, unknown>) => postForm(`${platform.url}/post`, fields as never);
const sentFor = (transId: string) =>
  adyen.sent.filter((s) => JSON.stringify(s.json).includes(transId) || s.headers['idempotency-key']?.startsWith(transId));
const status = async (transId: string) => (await post(transIdFields(merchant, 'GET_TRANS_STATUS', transId))).body;
const deliver = (body: string) =>
  fetch(`${platform.url}/providers/adyen/notifications`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then(
    async (r) => ({ status: r.status, text: await r.text() }),
  );
/** The same webhook twice at once: both acknowledged. */
async function deliverTwice(body: string): Promise<void> {
  for (const a of await Promise.all([deliver(body), deliver(body)])) expect(a).toEqual({ status: 200, text: '[accepted]' });
}

/** The merchant moves its own test clock through the signed merchant API. */
async function advanceClock(by: string): Promise<void> {
  const path = '/api/v1/merchant/clock';
  const body = JSON.stringify({ advance_by: by });
  const headers = signRequest(merchant.clientKey, merchant.password, { method: 'POST', path, query: '', body });
  const res = await fetch(platform.url + path, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body });
  expect(res.status).toBe(200);
}

const direct = (path: string) => (path === '/payments' ? 'example=card-direct' : undefined);

describe('late Adyen outcomes', () => {
  it('gives up after 24 h with a technical cancel; a late AUTHORISATION success is reversed once, recorded and shown', async () => {
    // Adyen does not answer the SALE (HTTP 500): undetermined.
    adyen.prefer = (path) => (path === '/payments' ? 'code=500' : undefined);
    const sale = await post(saleFields(merchant));
    expect(sale.body).toMatchObject({ result: 'UNDEFINED', status: 'PREPARE' });
    const transId = sale.body.trans_id as string;

    adyen.prefer = (path) => (path === '/cancels' ? 'example=cancel-with-own-reference' : undefined);
    await advanceClock('25h');
    await platform.runScheduled('Reconciler');
    expect(await status(transId)).toMatchObject({ status: 'DECLINED', decline_reason: GAVE_UP_REASON });
    // Adyen's technical cancel: the payment named by our reference, sent once.
    const cancels = sentFor(transId).filter((s) => s.path === '/cancels');
    expect(cancels).toMatchObject([
      {
        status: 201,
        headers: { 'idempotency-key': `${transId}:tcancel` },
        json: { merchantAccount: MERCHANT_ACCOUNT, paymentReference: transId, reference: `${transId}.tcancel` },
      },
    ]);
    expect((await storedPayment(transId)).details.lateOutcomes).toMatchObject([
      { event: 'GIVE_UP', handling: 'technical-cancel', reversal: 'received' },
    ]);
    await platform.runScheduled('Reconciler');
    expect(sentFor(transId).filter((s) => s.path === '/cancels')).toHaveLength(1);

    // Adyen authorised it after all: the signed AUTHORISATION, delivered four times, two at once.
    adyen.prefer = (path) => (path.endsWith('/reversals') ? 'example=reversal' : undefined);
    const late = adyenWebhook({
      pspReference: LATE_PSP,
      merchantReference: transId,
      amount: { value: 1000, currency: 'USD' },
      eventCode: 'AUTHORISATION',
      success: 'true',
      reason: '874574:1111:03/2030',
    });
    await deliverTwice(late);
    await deliverTwice(late);
    const reversals = sentFor(transId).filter((s) => s.path.endsWith('/reversals'));
    expect(reversals).toMatchObject([
      {
        path: `/payments/${LATE_PSP}/reversals`,
        status: 201,
        headers: { 'idempotency-key': `${transId}:late` },
        json: { merchantAccount: MERCHANT_ACCOUNT, reference: `${transId}.late` },
      },
    ]);
    expect((await storedPayment(transId)).status).toBe('DECLINED');
    expect((await storedPayment(transId)).details.lateOutcomes).toMatchObject([
      { event: 'GIVE_UP', handling: 'technical-cancel', reversal: 'received' },
      { event: 'AUTHORISATION', attemptId: transId, amount: 1000, acquirerRef: LATE_PSP, handling: 'reverse', reversal: 'received' },
    ]);

    // Adyen's webhooks about both: the reversal done, the technical cancel failed (the payment was captured).
    await deliverTwice(
      adyenWebhook({
        pspReference: 'RVRS0000000000L1',
        originalReference: LATE_PSP,
        merchantReference: `${transId}.late`,
        amount: { value: 1000, currency: 'USD' },
        eventCode: 'CANCEL_OR_REFUND',
        success: 'true',
      }),
    );
    await deliverTwice(
      adyenWebhook({
        pspReference: 'TCNL0000000000L1',
        merchantReference: `${transId}.tcancel`,
        amount: { value: 1000, currency: 'USD' },
        eventCode: 'TECHNICAL_CANCEL',
        success: 'false',
        reason: 'Payment already captured',
      }),
    );
    expect((await storedPayment(transId)).details.lateOutcomes).toMatchObject([
      { event: 'GIVE_UP', reversal: 'failed', note: 'Payment already captured' },
      { event: 'AUTHORISATION', reversal: 'done' },
    ]);

    // The console's payment view shows it (summary and timeline).
    const payment = await storedPayment(transId);
    expect(paymentSummary(payment).lateOutcomes).toMatchObject([
      { event: 'GIVE_UP' },
      { event: 'AUTHORISATION', amount: '10.00', handling: 'reverse', reversal: 'done', acquirerRef: LATE_PSP },
    ]);
    const timeline = await paymentTimeline(callbackDeps(), payment);
    expect(timeline.filter((e) => e.kind === 'acquirer').map((e) => e.what)).toContain(`AUTHORISATION 10.00 USD (${LATE_PSP})`);
  });

  it('a reversal Adyen refuses is recorded as refused, for an operator; it is not sent again', async () => {
    // Adyen refuses the SALE (its answer naming our payment), then authorises it after all.
    adyen.answer = (path, req) =>
      path === '/payments'
        ? {
            resultCode: 'Refused',
            refusalReason: 'Refused',
            pspReference: LATE_PSP,
            merchantReference: req.json.reference,
            amount: req.json.amount,
          }
        : undefined;
    const sale = await post(saleFields(merchant));
    const transId = sale.body.trans_id as string;
    expect(sale.body).toMatchObject({ status: 'DECLINED' });
    adyen.prefer = (path) => (path.endsWith('/reversals') ? 'code=422' : undefined);
    const late = adyenWebhook({
      pspReference: LATE_PSP,
      merchantReference: transId,
      amount: { value: 1000, currency: 'USD' },
      eventCode: 'AUTHORISATION',
      success: 'true',
    });
    await deliverTwice(late);
    await deliverTwice(late);
    expect(sentFor(transId).filter((s) => s.path.endsWith('/reversals'))).toHaveLength(1);
    expect((await storedPayment(transId)).details.lateOutcomes).toMatchObject([
      { event: 'AUTHORISATION', handling: 'reverse', reversal: 'refused', note: expect.stringContaining('Adyen refused the request') },
    ]);
  });

  it('CAPTURE_FAILED after the capture was recorded as done is flagged on the payment, once', async () => {
    adyen.prefer = direct;
    const auth = await post(saleFields(merchant, { auth: 'Y' }));
    const transId = auth.body.trans_id as string;
    adyen.prefer = (path) => (path.endsWith('/captures') ? 'example=capture' : undefined);
    await post(transIdFields(merchant, 'CAPTURE', transId, { extra: { amount: '10.00' } }));
    const item = {
      pspReference: '993617894906488A',
      originalReference: CARD_DIRECT_PSP,
      merchantReference: `${transId}.capture`,
      amount: { value: 1000, currency: 'USD' },
      success: 'true',
    };
    await deliverTwice(adyenWebhook({ ...item, eventCode: 'CAPTURE' }));
    expect(await status(transId)).toMatchObject({ status: 'SETTLED' });

    await deliverTwice(adyenWebhook({ ...item, eventCode: 'CAPTURE_FAILED' }));
    await deliverTwice(adyenWebhook({ ...item, eventCode: 'CAPTURE_FAILED' }));
    const payment = await storedPayment(transId);
    const capture = payment.history.find((h) => h.type === 'CAPTURE')!;
    expect(payment.details.lateOutcomes).toEqual([
      expect.objectContaining({ event: 'CAPTURE_FAILED', attemptId: capture.id, amount: 1000, handling: 'flag' }),
    ]);
    expect(payment.details.lateOutcomes![0]!.reversal).toBeUndefined();
  });

  it('REFUND_FAILED after the refund was recorded as done is flagged on the payment', async () => {
    adyen.prefer = direct;
    const transId = (await post(saleFields(merchant))).body.trans_id as string;
    adyen.prefer = (path) => (path.endsWith('/refunds') ? 'example=refund' : undefined);
    await post(transIdFields(merchant, 'CREDITVOID', transId, { extra: { amount: '4.00' } }));
    const reference = sentFor(transId).find((s) => s.path.endsWith('/refunds'))!.json.reference as string;
    const item = {
      pspReference: 'RFND0000000000C1',
      originalReference: CARD_DIRECT_PSP,
      merchantReference: reference,
      amount: { value: 400, currency: 'USD' },
      success: 'true',
    };
    await deliverTwice(adyenWebhook({ ...item, eventCode: 'REFUND' }));
    expect((await storedPayment(transId)).refundedAmount).toBe(400);

    // Counted once (metric LateAcquirerOutcomes, alarmed), however often Adyen delivers it.
    const failed = adyenWebhook({ ...item, eventCode: 'REFUND_FAILED' });
    const counted = () =>
      withInvocation(
        'AdyenNotifications',
        async () => (await receiveAdyenNotifications(deps(), failed), invocation()!.observed[LATE_OUTCOME_METRIC]),
      );
    expect(await counted()).toBe(1);
    expect(await counted()).toBeUndefined();
    await deliverTwice(failed);
    const payment = await storedPayment(transId);
    const refund = payment.history.find((h) => h.type === 'REFUND')!;
    expect(payment.details.lateOutcomes).toEqual([
      expect.objectContaining({ event: 'REFUND_FAILED', attemptId: refund.id, amount: 400, handling: 'flag' }),
    ]);
  });
});
