/**
 * "ARN applies to SALE, AUTH, RECURRING_SALE, REFUND": each transaction carries its own. A CREDITVOID callback names
 * the refund's ARN (never the SALE's), a CAPTURE callback and a status answer before any refund the payment's, and a
 * refunded payment's status its latest refund's.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { eventually, postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { saleFields, transIdFields } from '../../support/s2s.js';

const platform = usePlatform();
let merchant: Merchant;
let shop: MerchantServer;
let post: (fields: Record<string, unknown>) => Promise<{ status: number; body: any }>;

beforeAll(async () => {
  shop = await startMerchantServer();
  merchant = await testMerchant({ notificationUrl: shop.url });
  post = (fields) => postForm(`${platform.url}/post`, fields as never);
});
afterAll(async () => {
  await shop?.close();
});

const callbacksOf = (transId: string, action: string) =>
  shop.received.filter((c) => c.fields.trans_id === transId && c.fields.action === action).map((c) => c.fields);
const statusOf = async (transId: string) => (await post(transIdFields(merchant, 'GET_TRANS_STATUS', transId))).body;

it("each CREDITVOID callback carries its refund's own ARN; the refunded payment's status the latest", async () => {
  const sale = (await post(saleFields(merchant))).body;
  const saleArn = (await statusOf(sale.trans_id)).ARN as string;
  expect(saleArn).toMatch(/^\d{23}$/);
  expect((await eventually(() => callbacksOf(sale.trans_id, 'SALE')[0])).ARN).toBe(saleArn);

  await post(transIdFields(merchant, 'CREDITVOID', sale.trans_id, { extra: { amount: '3.00' } }));
  const first = await eventually(() => callbacksOf(sale.trans_id, 'CREDITVOID')[0]);
  await post(transIdFields(merchant, 'CREDITVOID', sale.trans_id));
  const second = await eventually(() => callbacksOf(sale.trans_id, 'CREDITVOID')[1]);

  const refunds = (await deps().payments.get(sale.trans_id))!.history.filter((h) => h.type === 'REFUND');
  expect(refunds.map((h) => [h.id, h.arn])).toEqual([
    [first.creditvoid_id, first.ARN],
    [second.creditvoid_id, second.ARN],
  ]);
  expect(new Set([saleArn, first.ARN, second.ARN]).size).toBe(3);
  expect(await statusOf(sale.trans_id)).toMatchObject({ status: 'REFUND', ARN: second.ARN });
});

it("a CAPTURE callback keeps the authorization's ARN; a reversal's callback names the reversal's", async () => {
  const auth = (await post(saleFields(merchant, { auth: 'Y' }))).body;
  const authArn = (await statusOf(auth.trans_id)).ARN;
  await post(transIdFields(merchant, 'CAPTURE', auth.trans_id));
  expect((await eventually(() => callbacksOf(auth.trans_id, 'CAPTURE')[0])).ARN).toBe(authArn);
  expect((await statusOf(auth.trans_id)).ARN).toBe(authArn);

  const held = (await post(saleFields(merchant, { auth: 'Y' }))).body;
  const heldArn = (await statusOf(held.trans_id)).ARN;
  await post(transIdFields(merchant, 'CREDITVOID', held.trans_id));
  const reversal = await eventually(() => callbacksOf(held.trans_id, 'CREDITVOID')[0]);
  expect(reversal).toMatchObject({
    status: 'REVERSAL',
    ARN: (await deps().payments.get(held.trans_id))!.history.find((h) => h.type === 'REVERSAL')!.arn,
  });
  expect(reversal.ARN).not.toBe(heldArn);
  // The status of a reversed authorization keeps the authorization's ARN (only a REFUND status names a refund's).
  expect((await statusOf(held.trans_id)).ARN).toBe(heldArn);
});
