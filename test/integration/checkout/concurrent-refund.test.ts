/**
 * Concurrent identical partial refunds of a Checkout payment have one effect. An identical partial refund sent after
 * the first one finished is a second refund (the protocol allows it), so the acquirer takes a moment here, as a real
 * one does: the duplicates overlap the first request however busy the machine (see foundation/concurrent-duplicates).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningPlatform } from '../../../scripts/local/platform.js';
import { deps } from '../../../shared/deps.js';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { eventually, postJson, startTestPlatform, testMerchant } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { card, continueLink, createSession, postPage, signed } from './support.js';

let platform: RunningPlatform;
let merchant: Merchant;
let shop: MerchantServer;

beforeAll(async () => {
  platform = await startTestPlatform({ SANDBOX_LATENCY_MS: '400' });
  shop = await startMerchantServer();
  merchant = await testMerchant({ notificationUrl: shop.url });
});
afterAll(async () => {
  await platform?.stop();
  await shop?.close();
});

const api = (path: string, body: Record<string, unknown>) => postJson(`${platform.url}/api/v1/payment/${path}`, body);
const callbacks = (id: string) => shop.received.filter((c) => c.fields.id === id).map((c) => c.fields);

describe('Checkout refund', () => {
  it('gives concurrent identical partial refunds one effect', async () => {
    const { url } = await createSession(platform.url, merchant);
    const link = continueLink((await postPage(`${url}/pay`, card('01/38'))).html);
    const paymentId = new URL(link!.href).searchParams.get('payment_id')!;
    const body = signed(merchant, { payment_id: paymentId, amount: '1.00' }, [paymentId, '1.00']);
    const answers = await Promise.all([api('refund', body), api('refund', body), api('refund', body)]);
    expect(answers.filter((a) => a.status === 200).map((a) => a.body)).toEqual([{ payment_id: paymentId, result: 'accepted' }]);
    expect(answers.filter((a) => a.status !== 200).map((a) => a.status)).toEqual([409, 409]);
    const stored = (await deps().payments.get(paymentId))!;
    expect(stored.refundedAmount).toBe(100);
    expect(stored.history.filter((h) => h.type === 'REFUND')).toHaveLength(1);
    await eventually(() => callbacks(paymentId).some((c) => c.type === 'refund') || undefined);
    await new Promise((r) => setTimeout(r, 300));
    expect(callbacks(paymentId).filter((c) => c.type === 'refund')).toHaveLength(1);
  });
});
