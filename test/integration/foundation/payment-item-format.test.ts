/**
 * The payment item's stored form (shared/adapters/aws/payment-item.ts) against DynamoDB Local: an item written by the
 * earlier code (index sort keys "<created>#<trans_id>", every value written) reads, lists, answers and takes a
 * follow-up as before; and the reconciler's walk, whose watermark is now a creation instant shared by several
 * payments, still finds every reservation left without an outcome.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import type { Payment } from '../../../shared/domain/payment.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { awsClients } from '../../../shared/adapters/aws/aws-clients.js';
import { keys } from '../../../shared/adapters/aws/table-keys.js';
import { toPayment } from '../../../shared/adapters/aws/payment-item.js';
import { DynamoConsolePayments } from '../../../shared/adapters/aws/dynamo-console-payments.js';
import { DynamoUndeterminedPayments } from '../../../shared/adapters/aws/dynamo-undetermined-payments.js';
import { postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { saleFields, transIdFields } from '../../support/s2s.js';

const platform = usePlatform();
let merchant: Merchant;

beforeAll(async () => {
  merchant = await testMerchant({ mids: [{ paymentMode: 'SMS/DMS' }] });
});

const table = () => platform.resources.tableName;
const post = (fields: Record<string, unknown>) => postForm(`${platform.url}/post`, fields as never);
const raw = async (transId: string) =>
  (await awsClients().ddb.send(new GetCommand({ TableName: table(), Key: keys.payment(transId), ConsistentRead: true }))).Item!;
const put = (item: Record<string, unknown>) => awsClients().ddb.send(new PutCommand({ TableName: table(), Item: item }));

/** The item as the code before 2026-11-24 wrote it: full sort keys, zero counts, updatedAt, ids, false flags. */
function earlierForm(item: Record<string, unknown>): Record<string, unknown> {
  const p = toPayment(structuredClone(item));
  const sk = `${p.createdAt}#${p.transId}`;
  const details = { authorize: false, issueCardToken: false, issueRecurringToken: false, ...p.details };
  return { ...item, ...p, details, gsi1sk: sk, gsi3sk: sk, ...(p.card ? { gsi4sk: sk } : {}) };
}

describe('payment items of the earlier form', () => {
  it('read, list, answer and take a follow-up as before', async () => {
    const sale = await post(saleFields(merchant));
    expect(sale.body.result).toBe('SUCCESS');
    const transId = sale.body.trans_id as string;
    const current = await raw(transId);
    expect(current).toMatchObject({ gsi3sk: current.createdAt, gsi1sk: current.createdAt, gsi4sk: current.createdAt });
    expect(current.capturedAmount).toBe(1000);
    expect(current.refundedAmount).toBeUndefined();
    const before = await deps().payments.get(transId);
    const statusBefore = (await post(transIdFields(merchant, 'GET_TRANS_STATUS', transId))).body;
    const detailsBefore = (await post(transIdFields(merchant, 'GET_TRANS_DETAILS', transId))).body;

    await put(earlierForm(current));
    expect((await raw(transId)).gsi3sk).toBe(`${current.createdAt}#${transId}`);
    const read = (await deps().payments.get(transId))!;
    expect({
      ...read,
      details: { ...read.details, authorize: undefined, issueCardToken: undefined, issueRecurringToken: undefined },
    }).toEqual({
      ...before,
      details: { ...before!.details, authorize: undefined, issueCardToken: undefined, issueRecurringToken: undefined },
    });
    expect((await post(transIdFields(merchant, 'GET_TRANS_STATUS', transId))).body).toEqual(statusBefore);
    expect((await post(transIdFields(merchant, 'GET_TRANS_DETAILS', transId))).body).toEqual(detailsBefore);

    // Listed among the merchant's payments beside one of the current form, newest first, by every listing.
    const newer = (await post(saleFields(merchant))).body.trans_id as string;
    const listed = await deps().payments.listForMerchant(merchant.clientKey, { limit: 10 });
    expect(listed.payments.map((p) => p.transId).slice(0, 2)).toEqual([newer, transId]);
    expect((await deps().payments.findByOrder(merchant.clientKey, read.orderId, 5)).map((p) => p.transId)).toEqual([transId]);
    const page = await new DynamoConsolePayments(table()).page({ clientKey: merchant.clientKey, last4: '1111', limit: 10 } as never);
    expect(page.transIds.slice(0, 2)).toEqual([newer, transId]);

    // A follow-up on it works, and its write moves the item to the current form.
    const refund = await post(transIdFields(merchant, 'CREDITVOID', transId, { extra: { amount: '1.00' } }));
    expect(refund.body).toMatchObject({ action: 'CREDITVOID', result: 'ACCEPTED' });
    const after = await raw(transId);
    expect(after).toMatchObject({ gsi3sk: current.createdAt, gsi1sk: current.createdAt, refundedAmount: 100 });
  }, 60_000);
});

describe("the reconciler's walk over creation instants", () => {
  const reservation = (at: string): Payment => {
    const transId = randomUUID();
    return {
      transId,
      clientKey: merchant.clientKey,
      protocol: 's2s-card',
      action: 'SALE',
      orderId: `o-${transId}`,
      orderDescription: 'd',
      currency: 'USD',
      amount: 1000,
      capturedAmount: 0,
      refundedAmount: 0,
      status: 'PREPARE',
      midId: merchant.clientKey,
      connector: 'sandbox',
      details: {},
      descriptor: 'X',
      createdAt: at,
      updatedAt: at,
      history: [{ id: transId, type: 'SALE', status: 'waiting', date: at, amount: 1000 }],
      callbackCount: 0,
      version: 1,
    };
  };

  it("lists every reservation of the watermark's own instant, of either form, and passes them afterwards", async () => {
    const walk = new DynamoUndeterminedPayments(table());
    const at = new Date(Date.now() - 3_600_000).toISOString();
    const [a, b] = [reservation(at), reservation(at)];
    await deps().payments.reserve(a);
    // b as the earlier code reserved it.
    const sk = `${at}#${b.transId}`;
    await put({
      ...keys.payment(b.transId),
      gsi1pk: `ORDER#${b.clientKey}#${b.orderId}`,
      gsi1sk: sk,
      gsi3pk: `PAYMENTS#${b.clientKey}`,
      gsi3sk: sk,
      kind: 'payment',
      ...b,
    });
    // A walk that stopped at this instant, say after another payment of it.
    await put({ ...keys.reconcileWatermark(merchant.clientKey), kind: 'watermark', at });

    const before = new Date().toISOString();
    expect(await walk.listAbandoned(merchant.clientKey, before, 100)).toBe(2);
    for (const p of [a, b]) expect((await raw(p.transId)).gsi2pk).toBe('UNDETERMINED');
    expect(await walk.listAbandoned(merchant.clientKey, before, 100)).toBe(0);
  }, 30_000);
});
