/**
 * What Checkout callbacks and status answers echo (spec Events):
 * - `moto_type` (group "Other") for a MOTO payment, as S2S CARD echoes it;
 * - `creditvoid_id` "on every creditvoid callback, no mapping needed, a distinct value per refund or reversal
 *   attempt" — Checkout refund callbacks as S2S ones;
 * - `ARN` of each transaction: a refund's callback and a refunded payment's status name the refund's own ARN.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { eventually, postJson, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { card, continueLink, createSession, postPage, signed } from './support.js';

const platform = usePlatform();
let shop: MerchantServer;
let merchant: Merchant;

beforeAll(async () => {
  shop = await startMerchantServer();
  merchant = await testMerchant({
    notificationUrl: shop.url,
    mids: [
      { paymentMode: 'SMS/DMS', name: 'ecom' },
      { paymentMode: 'SMS/DMS', name: 'moto', moto: true },
    ],
  });
});
afterAll(async () => {
  await shop?.close();
});

const api = (path: string, body: Record<string, unknown>) => postJson(`${platform.url}/api/v1/payment/${path}`, body);
const callbacks = (id: string) => shop.received.filter((c) => c.fields.id === id).map((c) => c.fields);
const status = (paymentId: string) => api('status', signed(merchant, { payment_id: paymentId }, [paymentId]));

async function paid(overrides: Record<string, unknown> = {}, fields: Record<string, string> = {}) {
  const { url } = await createSession(platform.url, merchant, overrides);
  const link = continueLink((await postPage(`${url}/pay`, card('01/38', fields))).html);
  if (!link) throw new Error('payment did not finish');
  const paymentId = new URL(link.href).searchParams.get('payment_id')!;
  return { paymentId, callback: await eventually(() => callbacks(paymentId).find((c) => c.type === 'sale')) };
}

describe('moto_type', () => {
  it('a MOTO payment echoes its moto_type in the callback and the status answer', async () => {
    const { paymentId, callback } = await paid({ moto_type: 'phone_moto' }, { cvv: '' });
    expect(callback).toMatchObject({ type: 'sale', status: 'success', moto_type: 'phone_moto' });
    expect((await status(paymentId)).body).toMatchObject({ status: 'settled', moto_type: 'phone_moto' });
  });

  it('"ecommerce" is echoed as sent; a session without moto_type echoes none', async () => {
    const ecommerce = await paid({ moto_type: 'ecommerce' });
    expect(ecommerce.callback.moto_type).toBe('ecommerce');
    expect((await status(ecommerce.paymentId)).body.moto_type).toBe('ecommerce');
    const plain = await paid();
    expect(plain.callback.moto_type).toBeUndefined();
    expect((await status(plain.paymentId)).body.moto_type).toBeUndefined();
  });
});

describe("refund callbacks: creditvoid_id and the refund's own ARN", () => {
  it("each refund attempt has its own creditvoid_id and ARN; the status of the refunded payment names the last refund's", async () => {
    const { paymentId, callback: sale } = await paid();
    const saleArn = (await deps().payments.get(paymentId))!.arn!;
    expect(sale.arn).toBe(saleArn);
    expect(sale.creditvoid_id).toBeUndefined();
    expect((await status(paymentId)).body.arn).toBe(saleArn);

    expect((await api('refund', signed(merchant, { payment_id: paymentId, amount: '4.00' }, [paymentId, '4.00']))).body).toMatchObject({
      result: 'accepted',
    });
    const first = await eventually(() => callbacks(paymentId).find((c) => c.type === 'refund'));
    expect((await api('refund', signed(merchant, { payment_id: paymentId }, [paymentId]))).body).toMatchObject({ result: 'accepted' });
    const second = await eventually(() => callbacks(paymentId).filter((c) => c.type === 'refund')[1]);

    const refunds = (await deps().payments.get(paymentId))!.history.filter((h) => h.type === 'REFUND');
    expect(refunds.map((r) => r.id)).toEqual([first.creditvoid_id, second.creditvoid_id]);
    expect(first.creditvoid_id).not.toBe(second.creditvoid_id);
    expect(refunds.map((r) => r.arn)).toEqual([first.arn, second.arn]);
    for (const arn of [first.arn, second.arn]) expect(arn).toMatch(/^\d{23}$/);
    expect(new Set([saleArn, first.arn, second.arn]).size).toBe(3);

    const after = (await status(paymentId)).body;
    expect(after).toMatchObject({ status: 'refund', arn: second.arn });
  });

  it('a reversal of a held authorization is a creditvoid callback too (type refund, order_status reversal)', async () => {
    const { paymentId } = await paid({ auth: true });
    expect((await api('refund', signed(merchant, { payment_id: paymentId }, [paymentId]))).body).toMatchObject({ result: 'accepted' });
    const reversal = await eventually(() => callbacks(paymentId).find((c) => c.type === 'refund'));
    expect(reversal).toMatchObject({
      order_status: 'reversal',
      creditvoid_id: (await deps().payments.get(paymentId))!.history.find((h) => h.type === 'REVERSAL')!.id,
    });
  });
});
