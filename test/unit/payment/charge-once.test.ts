/**
 * A new payment through the payment core's face (chargeNewPayment, newPayment) on the shared in-memory ports
 * (test/fakes/): reserved as PREPARE with its request's claim before the acquirer is asked, answered once, and a
 * duplicate of the request never asks the acquirer to pay again: it gets the kept answer, "in progress" while the
 * first may be alive, or, once the first died, the acquirer's answer to an inquiry about the payment it reserved.
 * The store fake keeps the adapter's claim rules (test/contracts/payment-store.contract.ts holds it to them).
 */
import { describe, expect, it } from 'vitest';
import { chargeNewPayment, newPayment, type IdempotencyHook } from '../../../shared/operations/payment/index.js';
import { IdempotencyClaimedError } from '../../../shared/ports/payment-store.js';
import type { Mid } from '../../../shared/domain/merchant.js';
import type { Payment } from '../../../shared/domain/payment.js';
import { memoryCore, type MemoryCore } from '../../fakes/core-deps.js';
import { APPROVED } from '../../fakes/connector-registry.js';
import { NOW } from '../../fakes/clock.js';
import { recordEvents } from '../../fakes/payment.js';

const KEY = 'request-key-of-a-sale';
const MID: Mid = {
  midId: 'm1',
  name: 'MID',
  paymentMode: 'SMS/DMS',
  moto: false,
  zeroAmount: false,
  connector: 'sandbox',
  enabled: true,
  descriptor: 'SHOP',
};

/** The answer the protocol would keep for the request: its result and the payment's status. */
const idempotency: IdempotencyHook = {
  key: KEY,
  claimTtlSeconds: 3600,
  result: (p, e) => ({ statusCode: 200, body: `${e.result}/${p.status}` }),
};

async function sale(core: MemoryCore): Promise<Payment> {
  const transId = (await core.payments.transIdFor(KEY))!;
  return newPayment({
    transId,
    clientKey: 'k',
    protocol: 's2s-card',
    action: 'SALE',
    transactionType: 'SALE',
    orderId: 'o1',
    orderDescription: 'd',
    amount: 1000,
    currency: 'USD',
    mid: MID,
    details: { authorize: false, transactionType: 'SALE' },
    now: core.clock.now().toISOString(),
  });
}

/** The SALE as a protocol runs it: the acquirer's pay() for the reserved payment, the outcome settling it. */
async function charge(core: MemoryCore) {
  const flow = {
    transactionType: 'SALE' as const,
    hold: false,
    call: async () =>
      (await core.d.connectors.forMid('k', MID)).pay({
        transId: 'x',
        amount: 1000,
        currency: 'USD',
        authorize: false,
        externalThreeDs: false,
      }),
  };
  return chargeNewPayment(core.d, await sale(core), flow, { callbacks: recordEvents, idempotency });
}

const refusal = async (run: Promise<unknown>) => {
  const err = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(IdempotencyClaimedError);
  return (err as IdempotencyClaimedError).claim;
};

describe('a new payment', () => {
  it('is reserved as PREPARE before the acquirer is asked, then settled with its callback and its answer kept', async () => {
    const core = memoryCore();
    const r = await charge(core);
    expect(r.event).toMatchObject({ operation: 'SALE', result: 'SUCCESS', amount: 1000 });
    expect(core.payments.writes.map((w) => [w.payment.status, w.payment.version, w.callbacks.length])).toEqual([['SETTLED', 2, 1]]);
    expect(await core.payments.get(r.payment.transId)).toMatchObject({
      status: 'SETTLED',
      version: 2,
      answer: { body: 'SUCCESS/SETTLED' },
    });
    expect(core.payments.outbox.map((c) => c.eventId)).toEqual([`${r.payment.transId}:SALE:SUCCESS`]);
    expect(core.queue.enqueued).toEqual(core.payments.outbox);
    expect(core.acquirer.asked.map((a) => a.call)).toEqual(['pay']);
  });

  it("answers a duplicate of the request with the first one's answer, and asks the acquirer nothing more", async () => {
    const core = memoryCore();
    await charge(core);
    expect(await refusal(charge(core))).toEqual({ state: 'completed', result: { statusCode: 200, body: 'SUCCESS/SETTLED' } });
    expect(core.acquirer.asked.map((a) => a.call)).toEqual(['pay']);
  });

  it('stays PREPARE and answers UNDEFINED when the acquirer does not answer; a duplicate gets that answer, not a second charge', async () => {
    const core = memoryCore();
    core.acquirer.answer('pay', new Error('timeout'));
    const r = await charge(core);
    expect(r.event.result).toBe('UNDEFINED');
    expect(await core.payments.get(r.payment.transId)).toMatchObject({ status: 'PREPARE', history: [{ status: 'waiting' }] });
    expect(core.queue.enqueued).toEqual([]);
    expect(await refusal(charge(core))).toMatchObject({ state: 'completed', result: { body: 'UNDEFINED/PREPARE' } });
    expect(core.acquirer.asked.map((a) => a.call)).toEqual(['pay']);
  });

  it('tells a duplicate "in progress" while the first request may still be running', async () => {
    const core = memoryCore();
    // The first request reserved its payment and is still waiting for the acquirer.
    await core.payments.reserve(await sale(core), { key: KEY, ttlSeconds: 3600 });
    expect(await refusal(charge(core))).toMatchObject({ state: 'in-progress', stale: false });
    expect(core.acquirer.asked).toEqual([]);
  });

  it("answers a duplicate of a request that died after its reservation from the acquirer's inquiry, never a second pay", async () => {
    const core = memoryCore();
    const first = await sale(core);
    await core.payments.reserve(first, { key: KEY, ttlSeconds: 3600 });
    core.clock.advance(core.payments.claimLockMs + 1000);
    core.acquirer.answer('inquire', APPROVED);
    const r = await charge(core);
    expect(r.payment.transId).toBe(first.transId);
    expect(r.event).toMatchObject({ result: 'SUCCESS' });
    expect(core.acquirer.asked.map((a) => a.call)).toEqual(['inquire']);
    expect(await core.payments.get(first.transId)).toMatchObject({ status: 'SETTLED', answer: { body: 'SUCCESS/SETTLED' } });
    expect(core.queue.enqueued.map((c) => c.eventId)).toEqual([`${first.transId}:SALE:SUCCESS`]);
  });
});

describe('the reserved payment', () => {
  it('is the one named by the request key, so a lost reservation is found by its duplicate', async () => {
    const core = memoryCore();
    const r = await charge(core);
    expect(r.payment.transId).toBe(await core.payments.transIdFor(KEY));
    expect(r.payment.history).toEqual([{ id: r.payment.transId, type: 'SALE', status: 'success', date: NOW, amount: 1000 }]);
  });
});
