/**
 * Concurrent identical partial refunds of a Checkout payment have one effect. An identical partial refund sent after
 * the first one finished is a second refund (the protocol allows it), so the acquirer takes a moment here, as a real
 * one does: the duplicates overlap the first request however busy the machine (see foundation/concurrent-duplicates).
 */
import { describe, expect, it } from 'vitest';
import { deps } from '../../../shared/entry/composition/deps.js';
import { callbacksSettled } from '../../support/drained.js';
import { card, continueLink, createSession, postPage, signed } from './support.js';
import { useShopWorld } from './shop-world.js';

const world = useShopWorld({ SANDBOX_LATENCY_MS: '400' });

describe('Checkout refund', () => {
  it('gives concurrent identical partial refunds one effect', async () => {
    const { platform, merchant, api, callbacks } = world;
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
    await callbacksSettled(platform, [paymentId]);
    expect(callbacks(paymentId).filter((c) => c.type === 'refund')).toHaveLength(1);
  });
});
