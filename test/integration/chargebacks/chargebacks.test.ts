/**
 * Chargebacks as the acquirer reports them: "Chargeback Received" ops events put on the moto ops bus (rule → SQS →
 * poller → functions/chargebacks/ops-event) and the admin CLI (`chargebacks create`). Each protocol's merchant gets
 * its own signed CHARGEBACK callback and sees status CHARGEBACK in its status lookups.
 */
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { deps, callbackDeps } from '../../../shared/entry/composition/deps.js';
import { EVENT_BUS } from '../../../shared/lib/resources.js';
import { checkoutHash, formula2 } from '../../../shared/protocol/signature.js';
import { runChargebacksCommand } from '../../../scripts/admin/chargebacks.js';
import { logger } from '../../../shared/lib/logger.js';
import { eventually, postForm, postJson, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { callbacksSettled, opsEventsDrained } from '../../support/drained.js';
import { SANDBOX_CARD, credit2cardFields, saleFields, transIdFields } from '../../support/s2s.js';
import { apmFollowUp, apmSale, expectedCallbackHash } from '../s2s-apm/support.js';
import { card, continueLink, createSession, postPage, signed } from '../checkout/support.js';

const platform = usePlatform();
let merchant: Merchant;
let shop: MerchantServer;
let events: EventBridgeClient;

beforeAll(async () => {
  // This file imports the operations before the platform sets LOG_LEVEL, so the shared logger is told here.
  logger.setLogLevel('ERROR');
  shop = await startMerchantServer();
  merchant = await testMerchant({ notificationUrl: shop.url, mids: [{ paymentMode: 'SMS/DMS' }] });
  events = new EventBridgeClient({
    region: 'eu-west-1',
    endpoint: platform.endpoints.moto,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
});
afterAll(async () => {
  events?.destroy();
  await shop?.close();
});

const today = new Date().toISOString().slice(0, 10);
const post = (fields: Record<string, unknown>) => postForm(`${platform.url}/post`, fields as never);
const postVa = (fields: Record<string, unknown>) => postForm(`${platform.url}/post-va`, fields as never);
const callbacksOf = (transId: string) =>
  shop.received.filter((c) => c.fields.trans_id === transId || c.fields.id === transId).map((c) => c.fields);
const chargebackCallbacks = (transId: string) => callbacksOf(transId).filter((c) => c.action === 'CHARGEBACK' || c.type === 'chargeback');
const outboxOf = (transId: string) => callbackDeps().outbox.forPayment(transId);
const status = async (transId: string) => (await post(transIdFields(merchant, 'GET_TRANS_STATUS', transId))).body;
const cli = (transId: string, amount: string, reason = '4837', extra: string[] = []) =>
  runChargebacksCommand(['create', transId, '--amount', amount, '--reason-code', reason, ...extra]);

/** What the acquirer integration (or an operator in the console) does: one entry on the ops bus. */
async function send(detail: unknown): Promise<void> {
  const res = await events.send(
    new PutEventsCommand({
      Entries: [
        {
          EventBusName: platform.resources.eventBusName,
          Source: EVENT_BUS.opsSource,
          DetailType: 'Chargeback Received',
          Detail: JSON.stringify(detail),
        },
      ],
    }),
  );
  expect(res.FailedEntryCount ?? 0).toBe(0);
}

async function settledSale(extra: Record<string, string> = {}): Promise<string> {
  const res = await post(saleFields(merchant, extra));
  expect(res.body.status).toBe(extra.auth === 'Y' ? 'PENDING' : 'SETTLED');
  await eventually(() => callbacksOf(res.body.trans_id).length > 0 || undefined);
  return res.body.trans_id as string;
}

describe('Chargeback Received on the ops bus (S2S CARD)', () => {
  it('moves a SETTLED payment to CHARGEBACK and sends the signed CHARGEBACK callback', async () => {
    const transId = await settledSale();
    await send({ trans_id: transId, amount: '10.00', reason_code: '4837', bank_date: today });
    const cb = await eventually(() => chargebackCallbacks(transId)[0]);
    expect(cb).toMatchObject({
      action: 'CHARGEBACK',
      result: 'SUCCESS',
      status: 'CHARGEBACK',
      trans_id: transId,
      amount: '10.00',
      currency: 'USD',
      bank_date: today,
      reason_code: '4837',
    });
    expect(cb.order_id).toBeTruthy();
    expect(cb.chargeback_date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(cb.hash).toBe(formula2({ email: 'doe@example.com', password: merchant.password, transId, cardNumber: SANDBOX_CARD }));

    expect(await status(transId)).toMatchObject({ action: 'GET_TRANS_STATUS', result: 'SUCCESS', status: 'CHARGEBACK', trans_id: transId });
    const details = (await post(transIdFields(merchant, 'GET_TRANS_DETAILS', transId))).body;
    expect(details.status).toBe('CHARGEBACK');
    expect(details.transactions.at(-1)).toMatchObject({ type: 'CHARGEBACK', status: 'success', amount: '10.00' });
    // A charged-back payment can no longer be refunded or voided.
    expect((await post(transIdFields(merchant, 'CREDITVOID', transId))).body).toMatchObject({ result: 'ERROR', error_code: 208005 });
    expect((await post(transIdFields(merchant, 'VOID', transId))).body).toMatchObject({ result: 'ERROR' });
  });

  it('the same event delivered twice records one chargeback', async () => {
    const transId = await settledSale();
    const detail = { trans_id: transId, amount: '5.00', reason_code: '10.4', bank_date: today };
    await Promise.all([send(detail), send(detail)]);
    // Both events consumed, every callback they caused delivered: a second chargeback would be here by now.
    await opsEventsDrained(platform, 'ChargebackReceived');
    await callbacksSettled(platform, [transId]);
    expect(chargebackCallbacks(transId)).toHaveLength(1);
    expect((await outboxOf(transId)).filter((c) => c.fields.action === 'CHARGEBACK')).toHaveLength(1);
    expect((await deps().payments.get(transId))!.history.filter((h) => h.type === 'CHARGEBACK')).toHaveLength(1);
  });

  it('drops events that can never apply (bad detail, unknown payment, amount too large) without touching anything', async () => {
    const transId = await settledSale();
    await send({ trans_id: transId, amount: 'ten', reason_code: '4837' });
    await send({ trans_id: transId, amount: '10.01', reason_code: '4837' });
    await send({ trans_id: '00000000-0000-4000-8000-000000000000', amount: '1.00', reason_code: '4837' });
    await send({ trans_id: transId, amount: '1.00', reason_code: '4837', extra: 'x' });
    // A valid event sent after them is applied, so the queue went past the bad ones.
    const other = await settledSale();
    await send({ trans_id: other, amount: '1.00', reason_code: '4837' });
    await eventually(() => chargebackCallbacks(other)[0]);
    await opsEventsDrained(platform, 'ChargebackReceived');
    await callbacksSettled(platform, [transId, other]);
    expect((await outboxOf(transId)).filter((c) => c.fields.action === 'CHARGEBACK')).toEqual([]);
    expect(chargebackCallbacks(transId)).toEqual([]);
    expect((await deps().payments.get(transId))!.status).toBe('SETTLED');
  });
});

describe('admin CLI: chargebacks create', () => {
  it('records a chargeback up to what is left after refunds (208010 above it), bank date defaulting to today', async () => {
    const transId = await settledSale();
    expect((await post(transIdFields(merchant, 'CREDITVOID', transId, { extra: { amount: '4.00' } }))).body).toMatchObject({
      result: 'ACCEPTED',
    });
    await eventually(() => callbacksOf(transId).find((c) => c.action === 'CREDITVOID'));
    await expect(cli(transId, '6.01')).rejects.toThrow('208010 Chargeback amount exceeds the payment amount.');
    expect(await cli(transId, '6.00')).toEqual({
      trans_id: transId,
      status: 'CHARGEBACK',
      amount: '6.00',
      currency: 'USD',
      reason_code: '4837',
      bank_date: today,
      duplicate: false,
    });
    expect(await eventually(() => chargebackCallbacks(transId)[0])).toMatchObject({ amount: '6.00', bank_date: today });
    // Running the same command again changes nothing.
    expect(await cli(transId, '6.00')).toMatchObject({ duplicate: true });
    await callbacksSettled(platform, [transId]);
    expect(chargebackCallbacks(transId)).toHaveLength(1);
  });

  it('refuses payments that are not SETTLED, payouts, unknown ids and bad input', async () => {
    const held = await settledSale({ auth: 'Y' });
    await expect(cli(held, '1.00')).rejects.toThrow('Chargeback is not allowed.');
    const declined = (await post(saleFields(merchant, { card_exp_month: '02' }))).body.trans_id as string;
    await expect(cli(declined, '1.00')).rejects.toThrow('Chargeback is not allowed.');
    const payout = (await post(credit2cardFields(merchant))).body.trans_id as string;
    await expect(cli(payout, '1.00')).rejects.toThrow('Chargeback is not allowed.');
    await expect(cli('00000000-0000-4000-8000-000000000000', '1.00')).rejects.toThrow('Transaction does not exist.');
    const transId = await settledSale();
    await expect(cli(transId, '1.5')).rejects.toThrow('amount: This value is not valid.');
    await expect(cli(transId, '0.00')).rejects.toThrow('amount: This value should be greater than 0.');
    await expect(cli(transId, '1.00', 'no spaces')).rejects.toThrow('reason_code');
    await expect(cli(transId, '1.00', '4837', ['--bank-date', '2026-02-30'])).rejects.toThrow('bank_date: expected a date YYYY-MM-DD');
    await expect(cli(transId, '1.00', '4837', ['--bank-date', '2999-01-01'])).rejects.toThrow('bank_date: This value is not valid.');
    await expect(runChargebacksCommand(['create', transId])).rejects.toThrow('--reason-code are required');
    expect((await deps().payments.get(transId))!.status).toBe('SETTLED');
    expect(chargebackCallbacks(payout)).toEqual([]);
  });

  it('two different chargebacks racing on one payment: one is recorded, the other refused', async () => {
    const transId = await settledSale();
    const results = await Promise.allSettled([cli(transId, '10.00', '4837'), cli(transId, '3.00', '4853')]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(String(refused.reason)).toContain('Chargeback is not allowed.');
    expect((await outboxOf(transId)).filter((c) => c.fields.action === 'CHARGEBACK')).toHaveLength(1);
  });
});

describe('other protocols', () => {
  it('S2S APM: the CHARGEBACK callback carries the APM signature; GET_TRANS_STATUS shows CHARGEBACK', async () => {
    const res = await postVa(apmSale(merchant));
    expect(res.body.status).toBe('SETTLED');
    const transId = res.body.trans_id as string;
    await send({ trans_id: transId, amount: '2.50', reason_code: 'FR4' });
    const cb = await eventually(() => chargebackCallbacks(transId)[0]);
    expect(cb).toMatchObject({
      action: 'CHARGEBACK',
      result: 'SUCCESS',
      status: 'CHARGEBACK',
      amount: '2.50',
      reason_code: 'FR4',
      brand: 'vcard',
    });
    expect(cb.hash).toBe(expectedCallbackHash(cb, merchant.password));
    expect((await postVa(apmFollowUp(merchant, 'GET_TRANS_STATUS', transId))).body).toMatchObject({
      status: 'CHARGEBACK',
      trans_id: transId,
    });
  });

  it('Checkout: type chargeback, order_status chargeback, Checkout hash; payment status chargeback', async () => {
    const { url, order } = await createSession(platform.url, merchant);
    const page = await postPage(`${url}/pay`, card('01/38'));
    const paymentId = new URL(continueLink(page.html)!.href).searchParams.get('payment_id')!;
    await eventually(() => callbacksOf(paymentId)[0]);
    await cli(paymentId, '10.00', '13.1', ['--bank-date', today]);
    const cb = await eventually(() => chargebackCallbacks(paymentId)[0]);
    expect(cb).toMatchObject({
      id: paymentId,
      type: 'chargeback',
      status: 'success',
      order_status: 'chargeback',
      order_number: order.number,
      chargeback_amount: '10.00',
      bank_date: today,
      reason_code: '13.1',
    });
    expect(cb.hash).toBe(checkoutHash([paymentId, order.number, order.amount, order.currency, order.description], merchant.password));
    const res = await postJson(`${platform.url}/api/v1/payment/status`, signed(merchant, { payment_id: paymentId }, [paymentId]));
    expect(res.body).toMatchObject({ payment_id: paymentId, status: 'chargeback' });
  });
});
