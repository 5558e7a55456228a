/**
 * The reconciler through the real platform: payments the acquirer never answered (sandbox 10/2038, 11/2038, 09/2038)
 * and follow-up attempts whose acquirer call threw get their final outcome by the Reconciler schedule, with the
 * protocol's signed callback recorded in the same conditional write; concurrent runs resolve each transaction once.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { deps, callbackDeps, reconciliationDeps } from '../../../shared/entry/composition/deps.js';
import { awsClients } from '../../../shared/adapters/aws/aws-clients.js';
import { keys } from '../../../shared/adapters/aws/table-keys.js';
import { formula2 } from '../../../shared/protocol/signature.js';
import { runAttempt } from '../../../shared/operations/payment/index.js';
import { AcquirerTimeoutError, SANDBOX_NO_ANSWER_REASON } from '../../../shared/adapters/connectors/sandbox.js';
import { reconcile, GAVE_UP_REASON } from '../../../shared/operations/reconciliation/reconcile.js';
import { handler as reconcilerHandler } from '../../../functions/reconciliation/run.js';
import type { TransactionType } from '../../../shared/domain/payment.js';
import { logger } from '../../../shared/lib/logger.js';
import { eventually, postForm, postJson, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { callbacksSettled } from '../../support/drained.js';
import { SANDBOX_CARD, saleFields, transIdFields } from '../../support/s2s.js';
import { card, createSession, postPage, signed, storedSession } from '../checkout/support.js';

const GIVE_UP_SECONDS = 2;

// No grace period (the tests' transactions are not in flight), and a short give-up period.
const platform = usePlatform({ RECONCILE_GRACE_SECONDS: '0', RECONCILE_GIVE_UP_SECONDS: String(GIVE_UP_SECONDS) });
let merchant: Merchant;
let shop: MerchantServer;

beforeAll(async () => {
  // This file imports the cores before the platform sets LOG_LEVEL, so the shared logger is told here.
  logger.setLogLevel('ERROR');
  shop = await startMerchantServer();
  merchant = await testMerchant({ notificationUrl: shop.url, mids: [{ paymentMode: 'SMS/DMS' }] });
});
afterAll(async () => {
  await shop?.close();
});

const post = (fields: Record<string, unknown>) => postForm(`${platform.url}/post`, fields as never);
const callbacksOf = (transId: string) =>
  shop.received.filter((c) => c.fields.trans_id === transId || c.fields.id === transId).map((c) => c.fields);
const outboxOf = (transId: string) => callbackDeps().outbox.forPayment(transId);
const status = async (transId: string) => (await post(transIdFields(merchant, 'GET_TRANS_STATUS', transId))).body;

async function indexEntry(transId: string): Promise<unknown> {
  const res = await awsClients().ddb.send(
    new GetCommand({ TableName: platform.resources.tableName, Key: keys.payment(transId), ConsistentRead: true }),
  );
  return res.Item?.gsi2pk;
}

async function undefinedSale(expMonth: string, extra: Record<string, string> = {}): Promise<string> {
  const res = await post(saleFields(merchant, { card_exp_month: expMonth, ...extra }));
  expect(res.body).toMatchObject({ result: 'UNDEFINED', status: 'PREPARE' });
  return res.body.trans_id as string;
}

async function paidSale(extra: Record<string, string> = {}): Promise<string> {
  const res = await post(saleFields(merchant, extra));
  expect(res.body.result).toBe('SUCCESS');
  await eventually(() => callbacksOf(res.body.trans_id).length > 0 || undefined);
  return res.body.trans_id as string;
}

/** A follow-up whose acquirer call threw, exactly as the real core leaves it: the attempt reserved "waiting". */
async function unansweredAttempt(transId: string, type: TransactionType, amount: number): Promise<string> {
  const d = deps();
  const payment = (await d.payments.get(transId))!;
  const id = randomUUID();
  const timeout = async () => {
    throw new AcquirerTimeoutError('acquirer timed out');
  };
  const result = await runAttempt(d, payment, { type, amount, id }, timeout, () => expect.unreachable(), { callbacks: () => [] });
  expect(result.event.result).toBe('UNDEFINED');
  return id;
}

describe('undetermined payments', () => {
  it('declines an UNDEFINED SALE the acquirer never processed (10/2038), with the signed final callback', async () => {
    const transId = await undefinedSale('10');
    expect(await indexEntry(transId)).toBe('UNDETERMINED');
    expect(callbacksOf(transId)).toEqual([]);

    await platform.runScheduled('Reconciler');

    const cb = await eventually(() => callbacksOf(transId)[0]);
    expect(cb).toMatchObject({
      action: 'SALE',
      result: 'DECLINED',
      status: 'DECLINED',
      trans_id: transId,
      amount: '10.00',
      decline_reason: SANDBOX_NO_ANSWER_REASON,
    });
    expect(cb.hash).toBe(formula2({ email: 'doe@example.com', password: merchant.password, transId, cardNumber: SANDBOX_CARD }));
    expect(await status(transId)).toMatchObject({
      action: 'GET_TRANS_STATUS',
      result: 'SUCCESS',
      status: 'DECLINED',
      trans_id: transId,
      decline_reason: SANDBOX_NO_ANSWER_REASON,
    });
    expect(await indexEntry(transId)).toBeUndefined();

    // Resolved once: a later run finds nothing to do.
    await platform.runScheduled('Reconciler');
    expect(await outboxOf(transId)).toHaveLength(1);
    await callbacksSettled(platform, [transId]);
    expect(callbacksOf(transId)).toHaveLength(1);
  });

  it('never lists a SALE its acquirer answered (the reservation writes no entry, the outcome none either)', async () => {
    const transId = await paidSale();
    expect(await indexEntry(transId)).toBeUndefined();
    const report = await reconcile(reconciliationDeps());
    expect(report.failed).toBe(0);
    expect(await indexEntry(transId)).toBeUndefined();
  });

  it('finds a payment left waiting without an entry (its request died after the reservation) once the grace period passed', async () => {
    const transId = await undefinedSale('10');
    // As a reservation leaves it: PREPARE, its SALE waiting, no list entry.
    await awsClients().ddb.send(
      new UpdateCommand({ TableName: platform.resources.tableName, Key: keys.payment(transId), UpdateExpression: 'REMOVE gsi2pk, gsi2sk' }),
    );
    // Too young: the walk leaves it (and its watermark stays before it).
    expect(await reconcile({ ...reconciliationDeps(), graceSeconds: 3600 })).toMatchObject({ listed: 0 });
    expect(await indexEntry(transId)).toBeUndefined();

    const report = await reconcile(reconciliationDeps());
    expect(report.listed).toBeGreaterThanOrEqual(1);
    expect(await eventually(() => callbacksOf(transId)[0])).toMatchObject({
      action: 'SALE',
      result: 'DECLINED',
      decline_reason: SANDBOX_NO_ANSWER_REASON,
    });
    expect(await indexEntry(transId)).toBeUndefined();
    expect(await reconcile(reconciliationDeps())).toMatchObject({ listed: 0 });
  });

  it('settles a SALE an inquiry finds approved (11/2038)', async () => {
    const transId = await undefinedSale('11');
    await platform.runScheduled('Reconciler');
    const cb = await eventually(() => callbacksOf(transId)[0]);
    expect(cb).toMatchObject({ action: 'SALE', result: 'SUCCESS', status: 'SETTLED', amount: '10.00' });
    expect(cb.RRN).toMatch(/^\d{12}$/);
    expect(await status(transId)).toMatchObject({ status: 'SETTLED' });
    // A settled payment can be refunded as usual.
    const refund = await post(transIdFields(merchant, 'CREDITVOID', transId));
    expect(refund.body).toMatchObject({ result: 'ACCEPTED' });
  });

  it('an authorization found approved is held (PENDING), then captured', async () => {
    const transId = await undefinedSale('11', { auth: 'Y' });
    await platform.runScheduled('Reconciler');
    expect(await eventually(() => callbacksOf(transId)[0])).toMatchObject({ action: 'SALE', result: 'SUCCESS', status: 'PENDING' });
    const capture = await post(transIdFields(merchant, 'CAPTURE', transId));
    expect(capture.body).toMatchObject({ result: 'SUCCESS', status: 'SETTLED' });
  });

  it('keeps asking while the acquirer cannot tell (09/2038), then gives up: DECLINED with a clear reason', async () => {
    const transId = await undefinedSale('09');
    await platform.runScheduled('Reconciler');
    expect(await outboxOf(transId)).toEqual([]);
    await callbacksSettled(platform, [transId]);
    expect(callbacksOf(transId)).toEqual([]);
    expect(await status(transId)).toMatchObject({ status: 'PREPARE' });
    expect(await indexEntry(transId)).toBe('UNDETERMINED');

    // The platform's own give-up age has to pass: a time it counts, not a guess at how long something takes.
    await new Promise((r) => setTimeout(r, GIVE_UP_SECONDS * 1000));
    await platform.runScheduled('Reconciler');
    const cb = await eventually(() => callbacksOf(transId)[0]);
    expect(cb).toMatchObject({ action: 'SALE', result: 'DECLINED', status: 'DECLINED', decline_reason: GAVE_UP_REASON });
    expect(await status(transId)).toMatchObject({ status: 'DECLINED', decline_reason: GAVE_UP_REASON });
  });

  it('leaves transactions younger than the grace period alone (a request may still be running)', async () => {
    const transId = await undefinedSale('10');
    const report = await reconcile({ ...reconciliationDeps(), graceSeconds: 3600 });
    expect(report).toMatchObject({ checked: 0, resolved: 0 });
    expect(await status(transId)).toMatchObject({ status: 'PREPARE' });
    await platform.runScheduled('Reconciler');
    await eventually(() => callbacksOf(transId)[0]);
  });

  it('concurrent reconcilers resolve each payment once', async () => {
    const ids = await Promise.all([undefinedSale('10'), undefinedSale('11'), undefinedSale('10')]);
    const reports = await Promise.all([reconcilerHandler(), reconcilerHandler(), reconcilerHandler(), reconcilerHandler()]);
    expect(reports.reduce((n, r) => n + r.resolved, 0)).toBe(3);
    expect(reports.reduce((n, r) => n + r.failed, 0)).toBe(0);
    for (const id of ids) {
      expect(await outboxOf(id)).toHaveLength(1);
      const payment = (await deps().payments.get(id))!;
      expect(payment.history).toHaveLength(1);
      expect(payment.history[0]!.status).not.toBe('waiting');
    }
    await callbacksSettled(platform, ids);
    expect(ids.map((id) => callbacksOf(id).length)).toEqual([1, 1, 1]);
  });
});

describe('undetermined follow-up attempts', () => {
  it('a refund whose acquirer call threw is confirmed: CREDITVOID callback with its creditvoid_id', async () => {
    const transId = await paidSale();
    const attemptId = await unansweredAttempt(transId, 'REFUND', 400);
    expect(await indexEntry(transId)).toBe('UNDETERMINED');
    await platform.runScheduled('Reconciler');
    const cb = await eventually(() => callbacksOf(transId).find((c) => c.action === 'CREDITVOID'));
    expect(cb).toMatchObject({ result: 'SUCCESS', status: 'SETTLED', creditvoid_id: attemptId, amount: '4.00' });
    const payment = (await deps().payments.get(transId))!;
    expect(payment).toMatchObject({ status: 'SETTLED', refundedAmount: 400 });
    expect(await indexEntry(transId)).toBeUndefined();
    // The remaining 6.00 can still be refunded; 6.01 cannot.
    const tooMuch = await post(transIdFields(merchant, 'CREDITVOID', transId, { extra: { amount: '6.01' } }));
    expect(tooMuch.body).toMatchObject({ result: 'ERROR', error_code: 208006 });
  });

  it('a capture the acquirer declines on inquiry (03/2038) leaves the authorization held', async () => {
    const res = await post(saleFields(merchant, { card_exp_month: '03', auth: 'Y' }));
    expect(res.body.status).toBe('PENDING');
    const transId = res.body.trans_id as string;
    await unansweredAttempt(transId, 'CAPTURE', 1000);
    // While the capture is undetermined, another capture is refused.
    expect((await post(transIdFields(merchant, 'CAPTURE', transId))).body).toMatchObject({ result: 'ERROR', error_code: 208003 });
    await platform.runScheduled('Reconciler');
    const cb = await eventually(() => callbacksOf(transId).find((c) => c.action === 'CAPTURE'));
    expect(cb).toMatchObject({ result: 'DECLINED', status: 'PENDING', amount: '10.00' });
    expect(await status(transId)).toMatchObject({ status: 'PENDING' });
  });
});

describe('other protocols', () => {
  it('a Checkout payment gets the Checkout callback (type sale, status fail) and status decline', async () => {
    const { url, order } = await createSession(platform.url, merchant);
    await postPage(`${url}/pay`, card('10/38'));
    const paymentId = (await storedSession(url)).session.paymentId;
    expect((await deps().payments.get(paymentId))!.status).toBe('PREPARE');
    await platform.runScheduled('Reconciler');
    const cb = await eventually(() => callbacksOf(paymentId)[0]);
    expect(cb).toMatchObject({
      id: paymentId,
      type: 'sale',
      status: 'fail',
      order_status: 'decline',
      reason: SANDBOX_NO_ANSWER_REASON,
      order_number: order.number,
    });
    const { checkoutHash } = await import('../../../shared/protocol/signature.js');
    expect(cb.hash).toBe(checkoutHash([paymentId, order.number, order.amount, order.currency, order.description], merchant.password));
    const res = await postJson(`${platform.url}/api/v1/payment/status`, signed(merchant, { payment_id: paymentId }, [paymentId]));
    expect(res.body).toMatchObject({ payment_id: paymentId, status: 'decline' });
  });
});
