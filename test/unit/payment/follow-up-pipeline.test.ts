/**
 * The payment core's follow-up pipeline (shared/operations/payment/internal/follow-up-pipeline.ts) on the shared
 * in-memory ports (test/fakes/): capture, refund (creditvoid) and void each declare only their plan; the reservation,
 * the acquirer call, the outcome with its callback in one versioned write, and the refusals before anything is
 * written are the pipeline's. No emulator: the store fake keeps the versioned-write rule the pipeline relies on, and
 * the contract suite (test/contracts/payment-store.contract.ts) holds it to the DynamoDB adapter.
 */
import { describe, expect, it } from 'vitest';
import { BusinessRuleError, ConflictError } from '../../../shared/domain/errors.js';
import { capture, creditvoid, voidPayment } from '../../../shared/operations/payment/index.js';
import { followUpCore, type FollowUpKind } from '../../../shared/operations/payment/internal/follow-up-pipeline.js';
import type { Payment } from '../../../shared/domain/payment.js';
import type { ConnectorOutcome } from '../../../shared/ports/connector.js';
import { memoryCore } from '../../fakes/core-deps.js';
import { APPROVED } from '../../fakes/connector-registry.js';
import { cardPayment, recordEvents } from '../../fakes/payment.js';

function setUp(payment: Payment, answer: ConnectorOutcome | Error = APPROVED) {
  const core = memoryCore(payment);
  for (const call of ['capture', 'refund', 'void'] as const) core.acquirer.answer(call, answer);
  // What the acquirer was asked, in the words of the tests below.
  const asked = () =>
    core.acquirer.asked.map(({ call, request }) => ({
      op: call,
      amount: request.amount,
      ...(call === 'refund' ? { reversal: request.reversal } : {}),
    }));
  const stored = () => core.payments.get('t1') as Promise<Payment>;
  return { ...core, asked, stored, queued: core.queue.enqueued, hooks: { callbacks: recordEvents } };
}

describe('a capture through the pipeline', () => {
  it('reserves the attempt, asks the acquirer, then writes the outcome with its callback and queues it', async () => {
    const s = setUp(cardPayment('PENDING'));
    const r = await capture(s.d, { payment: cardPayment('PENDING') }, s.hooks);
    expect(s.asked()).toEqual([{ op: 'capture', amount: 1000 }]);
    expect(r.event).toMatchObject({ operation: 'CAPTURE', result: 'SUCCESS', amount: 1000 });
    expect(s.payments.writes.map((w) => [w.payment.version, w.payment.history.at(-1)!.status, w.callbacks.length])).toEqual([
      [4, 'waiting', 0],
      [5, 'success', 1],
    ]);
    const stored = await s.stored();
    expect([stored.status, stored.capturedAmount]).toEqual(['SETTLED', 1000]);
    expect(s.queued.map((c) => c.eventId)).toEqual(['t1:CAPTURE:SUCCESS']);
  });

  it('captures the amount the request named', async () => {
    const s = setUp(cardPayment('PENDING'));
    await capture(s.d, { payment: cardPayment('PENDING'), amount: 400 }, s.hooks);
    expect(s.asked()).toEqual([{ op: 'capture', amount: 400 }]);
    expect((await s.stored()).capturedAmount).toBe(400);
  });

  it('leaves the authorization held when the acquirer declines, the attempt failed with its reason', async () => {
    const s = setUp(cardPayment('PENDING'), { kind: 'declined', reason: 'Do not honour' });
    const r = await capture(s.d, { payment: cardPayment('PENDING') }, s.hooks);
    expect(r.event.result).toBe('DECLINED');
    const stored = await s.stored();
    expect(stored.status).toBe('PENDING');
    expect(stored.history.at(-1)).toMatchObject({ type: 'CAPTURE', status: 'fail', declineReason: 'Do not honour' });
  });

  it('leaves the attempt waiting, answers UNDEFINED and queues nothing when the acquirer does not answer', async () => {
    const s = setUp(cardPayment('PENDING'), new Error('timeout'));
    const r = await capture(s.d, { payment: cardPayment('PENDING') }, s.hooks);
    expect(r.event.result).toBe('UNDEFINED');
    expect(s.payments.writes).toHaveLength(1);
    expect((await s.stored()).history.at(-1)).toMatchObject({ type: 'CAPTURE', status: 'waiting' });
    expect(s.queued).toEqual([]);
  });

  it('is refused by the machine before anything is written or asked', async () => {
    const s = setUp(cardPayment('SETTLED'));
    await expect(capture(s.d, { payment: cardPayment('SETTLED') }, s.hooks)).rejects.toBeInstanceOf(BusinessRuleError);
    expect([s.payments.writes, s.asked()]).toEqual([[], []]);
  });

  it('loses to a writer that changed the payment since it was read, and asks no acquirer', async () => {
    const s = setUp(cardPayment('PENDING', { version: 4 }));
    await expect(capture(s.d, { payment: cardPayment('PENDING') }, s.hooks)).rejects.toBeInstanceOf(ConflictError);
    expect(s.asked()).toEqual([]);
  });
});

describe('a refund (creditvoid) through the pipeline', () => {
  it('refunds part of a settled payment', async () => {
    const s = setUp(cardPayment('SETTLED'));
    const r = await creditvoid(s.d, { payment: cardPayment('SETTLED'), amount: 300 }, s.hooks);
    expect(s.asked()).toEqual([{ op: 'refund', amount: 300, reversal: false }]);
    expect(r.event).toMatchObject({ operation: 'REFUND', result: 'SUCCESS', amount: 300 });
    expect((await s.stored()).refundedAmount).toBe(300);
  });

  it('reverses a held authorization whole, and refuses a partial reversal before writing', async () => {
    const whole = setUp(cardPayment('PENDING'));
    await creditvoid(whole.d, { payment: cardPayment('PENDING') }, whole.hooks);
    expect(whole.asked()).toEqual([{ op: 'refund', amount: 1000, reversal: true }]);
    expect((await whole.stored()).status).toBe('REVERSAL');

    const partial = setUp(cardPayment('PENDING'));
    await expect(creditvoid(partial.d, { payment: cardPayment('PENDING'), amount: 10 }, partial.hooks)).rejects.toBeInstanceOf(
      BusinessRuleError,
    );
    expect([partial.payments.writes, partial.asked()]).toEqual([[], []]);
  });
});

describe('a void through the pipeline', () => {
  it('voids a payment settled today, the whole captured amount', async () => {
    const s = setUp(cardPayment('SETTLED'));
    const r = await voidPayment(s.d, { payment: cardPayment('SETTLED') }, s.hooks);
    expect(s.asked()).toEqual([{ op: 'void', amount: 1000 }]);
    expect(r.event).toMatchObject({ operation: 'VOID', result: 'SUCCESS' });
    expect((await s.stored()).status).toBe('VOID');
  });

  it('refuses a held authorization (CREDITVOID releases those)', async () => {
    const s = setUp(cardPayment('PENDING'));
    await expect(voidPayment(s.d, { payment: cardPayment('PENDING') }, s.hooks)).rejects.toBeInstanceOf(BusinessRuleError);
    expect(s.asked()).toEqual([]);
  });
});

describe('a follow-up kind', () => {
  it('declares only its plan: the pipeline runs the tail with the planned attempt and a fresh id', async () => {
    const seen: { amount?: number; now: string }[] = [];
    const half: FollowUpKind = {
      event: 'CAPTURE',
      plan: ({ payment, amount }, now) => (seen.push({ amount, now: now.toISOString() }), { type: 'CAPTURE', amount: payment.amount / 2 }),
    };
    const s = setUp(cardPayment('PENDING'));
    const r = await followUpCore(half)(s.d, { payment: cardPayment('PENDING'), amount: 7 }, s.hooks);
    expect(seen).toEqual([{ amount: 7, now: '2030-05-05T12:00:00.000Z' }]);
    expect(s.asked()).toEqual([{ op: 'capture', amount: 500 }]);
    expect(r.event.attemptId).toBe('id-1');
  });
});
