/**
 * Money never moves twice (issue: "the duplicate-request guard hands its claim to a retry after 30 s").
 * A request whose last write fails after the acquirer answered leaves its payment (or follow-up attempt) reserved
 * and its claim open. The identical request sent again once the claim's lock ran out must answer that payment,
 * settled by an inquiry, and never reserve a second one. Every money-moving Checkout endpoint takes the same guard.
 *
 * The first request's outcome write is made to fail the way a concurrent writer would make it fail: the test bumps
 * the payment's version while the sandbox acquirer (SANDBOX_LATENCY_MS) is still answering.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningPlatform } from '../../../scripts/local/platform.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import type { Merchant } from '../../../shared/domain/merchant.js';
import type { Payment } from '../../../shared/domain/payment.js';
import { nextVersion } from '../../../shared/operations/payment/index.js';
import { eventually, postForm, postJson, startTestPlatform, testMerchant } from '../../support/platform.js';
import { saleFields, transIdFields } from '../../support/s2s.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { callbacksSettled } from '../../support/drained.js';
import { card, createSession, postPage, signed } from '../checkout/support.js';
import { createScheduleFields, todayUtc } from '../schedules/support.js';
import { chargeRun } from '../../../shared/operations/schedules/charge-run.js';

let platform: RunningPlatform;
let merchant: Merchant;
let shop: MerchantServer;

// Room for the test to see the reservation and interfere while the acquirer answers, and to send the duplicate
// within the lock once the first request answered, even on a busy 2-core machine.
const LATENCY_MS = 3000;
const LOCK_SECONDS = 9;
/**
 * From the first request's answer to past its claim's lock. The lock is a time by design (it counts from the
 * reservation, at least LATENCY_MS before the answer), so this wait can only be longer than needed, never shorter.
 */
const PAST_THE_LOCK_MS = LOCK_SECONDS * 1000 - LATENCY_MS + 500;
/** Only guards against a hang: the reservation is looked for until it shows up. */
const RESERVATION_DEADLINE_MS = 60_000;

beforeAll(async () => {
  platform = await startTestPlatform({ SANDBOX_LATENCY_MS: String(LATENCY_MS), IDEMPOTENCY_LOCK_SECONDS: String(LOCK_SECONDS) });
  shop = await startMerchantServer();
  merchant = await testMerchant({ notificationUrl: shop.url });
});
afterAll(async () => {
  await platform?.stop();
  await shop?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const callbacksFor = (transId: string) => shop.received.filter((c) => c.fields.trans_id === transId || c.fields.id === transId);

/** Plays a concurrent writer: changes the payment while its request waits for the acquirer, so its last write fails. */
async function interfere(find: () => Promise<Payment | undefined>, until: (p: Payment) => boolean): Promise<Payment> {
  const p = await eventually(async () => {
    const found = await find();
    return found && until(found) ? found : undefined;
  }, RESERVATION_DEADLINE_MS);
  await deps().payments.update(nextVersion(p, new Date().toISOString()), []);
  return p;
}

const byOrder = (orderId: string) => deps().payments.findByOrder(merchant.clientKey, orderId, 10);

describe('a payment whose request died after the acquirer answered is charged once', () => {
  it('S2S SALE: the retry answers the reserved payment, settled by inquiry; no second payment', async () => {
    const fields = saleFields(merchant);
    const orderId = fields.order_id as string;
    const [first, reserved] = await Promise.all([
      postForm(`${platform.url}/post`, fields),
      interfere(
        async () => (await byOrder(orderId))[0],
        (p) => p.status === 'PREPARE',
      ),
    ]);
    // The outcome write lost: the merchant got no answer it can rely on, and the payment is still PREPARE.
    expect(first.status).toBe(409);
    expect((await deps().payments.get(reserved.transId))?.status).toBe('PREPARE');

    // Within the lock the duplicate waits; after it, it answers the very same payment.
    expect((await postForm(`${platform.url}/post`, fields)).status).toBe(409);
    await sleep(PAST_THE_LOCK_MS);
    const retry = await postForm(`${platform.url}/post`, fields);
    expect(retry.body).toMatchObject({ result: 'SUCCESS', status: 'SETTLED', trans_id: reserved.transId, order_id: orderId });
    const again = await postForm(`${platform.url}/post`, fields);
    expect(again.body).toMatchObject({ status: 'SETTLED', trans_id: reserved.transId });

    const payments = await byOrder(orderId);
    expect(payments.map((p) => p.transId)).toEqual([reserved.transId]);
    const cb = await eventually(() => callbacksFor(reserved.transId)[0]);
    expect(cb.fields).toMatchObject({ status: 'SETTLED', trans_id: reserved.transId });
    await callbacksSettled(platform, [reserved.transId]);
    expect(callbacksFor(reserved.transId)).toHaveLength(1);
  }, 120_000);

  it('S2S CREDITVOID: a retried partial refund answers the interrupted refund instead of refunding twice', async () => {
    const sale = await postForm(`${platform.url}/post`, saleFields(merchant));
    const transId = sale.body.trans_id as string;
    const refund = transIdFields(merchant, 'CREDITVOID', transId, { extra: { amount: '3.00' } });
    const [first] = await Promise.all([
      postForm(`${platform.url}/post`, refund),
      interfere(
        () => deps().payments.get(transId),
        (p) => p.history.some((h) => h.type === 'REFUND' && h.status === 'waiting'),
      ),
    ]);
    expect(first.status).toBe(409);
    // The claim is kept on the payment with the reserved refund; within its lock the duplicate waits.
    expect((await deps().payments.get(transId))?.claims).toEqual([expect.objectContaining({ attemptId: expect.any(String) })]);
    expect((await postForm(`${platform.url}/post`, refund)).status).toBe(409);
    await sleep(PAST_THE_LOCK_MS);
    const retry = await postForm(`${platform.url}/post`, refund);
    expect(retry.body).toMatchObject({ action: 'CREDITVOID', result: 'ACCEPTED', trans_id: transId });
    const after = await deps().payments.get(transId);
    expect(after?.refundedAmount).toBe(300);
    expect(after?.claims).toBeUndefined();
    expect(after?.history.filter((h) => h.type === 'REFUND')).toEqual([expect.objectContaining({ status: 'success', amount: 300 })]);

    // Once settled, the claim is gone: a new identical partial refund is a new refund, as the protocol allows.
    const second = await postForm(`${platform.url}/post`, refund);
    expect(second.body).toMatchObject({ result: 'ACCEPTED' });
    await eventually(async () => ((await deps().payments.get(transId))?.refundedAmount === 600 ? true : undefined));
  }, 120_000);
});

describe('a scheduled run redelivered by SQS after its consumer died is charged once', () => {
  it('the redelivery answers the reserved payment and moves the subscription on', async () => {
    const scheduleId = (await postForm(`${platform.url}/post`, createScheduleFields(merchant))).body.schedule_id as string;
    const sale = await postForm(
      `${platform.url}/post`,
      saleFields(merchant, { recurring_init: 'Y', schedule_id: scheduleId, schedule_start_date: todayUtc() }),
    );
    const orderId = sale.body.order_id as string;
    const message = { scheduleId, recurringToken: sale.body.recurring_token as string, run: 1 };
    const runs = async () => (await byOrder(orderId)).filter((p) => p.action === 'RECURRING_SALE');
    const [first, reserved] = await Promise.allSettled([
      chargeRun(deps(), message),
      interfere(
        async () => (await runs())[0],
        (p) => p.status === 'PREPARE',
      ),
    ]);
    expect(first.status).toBe('rejected');
    expect(reserved.status).toBe('fulfilled');
    await sleep(PAST_THE_LOCK_MS);
    // SQS brings the message back: the run's claim names the payment, which an inquiry settles.
    expect(await chargeRun(deps(), message)).toBe('charged');
    const charged = await runs();
    expect(charged).toHaveLength(1);
    expect(charged[0]).toMatchObject({ status: 'SETTLED', transId: (reserved as PromiseFulfilledResult<Payment>).value.transId });
    expect(await deps().schedules.getSubscription(scheduleId, message.recurringToken)).toMatchObject({ chargesMade: 1, nextRun: 2 });
  }, 120_000);
});

describe('Checkout /api/v1/payment/recurring charges once per signed body', () => {
  it('answers concurrent and later duplicates with the one payment', async () => {
    const { url, order } = await createSession(platform.url, merchant, { recurring_init: true });
    const page = await postPage(`${url}/pay`, card('01/38'));
    expect(page.status).toBeLessThan(400);
    const initial = await eventually(
      () => shop.received.find((c) => c.fields.recurring_token && c.fields.order_number === order.number)?.fields,
    );
    const paymentId = initial.id as string;
    const token = initial.recurring_token as string;
    const number = `rec-${Date.now()}`;
    const body = signed(
      merchant,
      { recurring_init_trans_id: paymentId, recurring_token: token, order: { number, amount: '5.00', description: 'Month 2' } },
      [paymentId, token, number, '5.00', 'Month 2'],
    );
    const call = () => postJson(`${platform.url}/api/v1/payment/recurring`, body);
    const concurrent = await Promise.all([call(), call(), call()]);
    const ok = concurrent.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(concurrent.filter((r) => r.status !== 200).every((r) => r.status === 409)).toBe(true);
    const later = await call();
    expect(later.status).toBe(200);
    const ids = new Set([...ok, later].map((r) => r.body.payment_id));
    expect(ids.size).toBe(1);
    expect(await byOrder(number)).toHaveLength(1);
  }, 120_000);
});
