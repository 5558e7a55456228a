/**
 * What every CallbackOutbox (shared/ports/callbacks.ts) does with the callbacks a PaymentStore recorded with a state
 * change: the in-memory fakes in the unit lane, the DynamoDB adapters in the integration lane, the same assertions
 * (test/contracts/payment-store.contract.ts says why). The adapter's runs share one table, whose sweeper list and
 * merchant lists hold other tests' callbacks too: a test reads only its own from them.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { CallbackRecord, DeliveryAttempt, StoredCallback } from '../../shared/domain/callback.js';
import type { Payment } from '../../shared/domain/payment.js';
import type { CallbackOutbox } from '../../shared/ports/callbacks.js';
import type { PaymentStore } from '../../shared/ports/payment-store.js';
import { NOW } from '../fakes/clock.js';
import { cardPayment } from '../fakes/payment.js';

export interface CallbackOutboxSubject {
  payments: PaymentStore;
  outbox: CallbackOutbox;
}

export function callbackOutboxContract(make: () => CallbackOutboxSubject | Promise<CallbackOutboxSubject>): void {
  const at = (seconds: number) => new Date(Date.parse(NOW) + seconds * 1000).toISOString();
  const record = (p: Payment, seq: number): CallbackRecord => ({
    eventId: `${p.transId}:${seq}`,
    transId: p.transId,
    clientKey: p.clientKey,
    seq,
    protocol: p.protocol,
    url: 'https://shop.example/cb',
    fields: { status: 'SUCCESS', seq: String(seq) },
    createdAt: at(seq),
  });

  /** A payment recorded with `count` callbacks, as a state change writes them. */
  async function setUp(count = 1) {
    const { payments, outbox } = await make();
    const p = cardPayment('SETTLED', { transId: randomUUID(), clientKey: `k-${randomUUID()}` });
    const records = Array.from({ length: count }, (_, i) => record(p, i + 1));
    await payments.create(p, records);
    return { outbox, p, records, msg: (r: CallbackRecord) => ({ transId: r.transId, eventId: r.eventId, seq: r.seq }) };
  }

  const attempt = (cb: StoredCallback, n: number, outcome: DeliveryAttempt['outcome'], seconds: number): DeliveryAttempt => ({
    eventId: cb.eventId,
    transId: cb.transId,
    clientKey: cb.clientKey,
    seq: cb.seq,
    url: cb.url,
    attempt: n,
    at: at(seconds),
    latencyMs: 12,
    outcome,
    ...(outcome === 'DELIVERED' ? { httpStatus: 200 } : { httpStatus: 500, error: 'HTTP 500' }),
  });
  const lease = (id: string, now: number, until = now + 60) => ({ id, now: at(now), until: at(until) });

  describe('recorded callbacks', () => {
    it('reads nothing for a callback never recorded, and leases nothing', async () => {
      const { outbox } = await make();
      const msg = { transId: randomUUID(), eventId: 'e', seq: 1 };
      expect(await outbox.get(msg)).toBeUndefined();
      expect(await outbox.getBySeq(msg.transId, 1)).toBeUndefined();
      expect(await outbox.forPayment(msg.transId)).toEqual([]);
      expect(await outbox.take(msg, lease('l1', 0))).toEqual({ current: undefined });
      expect(await outbox.withPrevious(msg)).toEqual({});
    });

    it('keeps what the state change recorded, PENDING and never attempted, in the order of the payment', async () => {
      const { outbox, p, records, msg } = await setUp(2);
      const pending = records.map((r) => ({ ...r, delivery: 'PENDING', attempts: 0 }));
      expect(await outbox.forPayment(p.transId)).toEqual(pending);
      expect(await outbox.get(msg(records[1]!))).toEqual(pending[1]);
      expect(await outbox.getBySeq(p.transId, 2)).toEqual(pending[1]);
      expect(await outbox.withPrevious(msg(records[1]!))).toEqual({ previous: pending[0], current: pending[1] });
    });
  });

  describe('leases', () => {
    it('leases a callback to one consumer at a time, counting each attempt once', async () => {
      const { outbox, records, msg } = await setUp();
      const first = await outbox.take(msg(records[0]!), lease('l1', 0));
      expect(first.claimed).toMatchObject({ delivery: 'PENDING', attempts: 1, leaseId: 'l1', leaseUntil: at(60) });
      expect(await outbox.take(msg(records[0]!), lease('l2', 10))).toMatchObject({ current: { leaseId: 'l1' } });
      // The same claim sent again after its answer was lost: still ours, counted once.
      expect(await outbox.take(msg(records[0]!), lease('l1', 10))).toMatchObject({ claimed: { leaseId: 'l1', attempts: 1 } });
      // Its consumer died mid-POST: once the lease ran out, another takes it.
      expect(await outbox.claim(msg(records[0]!), lease('l3', 61))).toMatchObject({ leaseId: 'l3', attempts: 2 });
    });

    it('takes a lease back uncounted only for its holder', async () => {
      const { outbox, records, msg } = await setUp();
      const cb = (await outbox.claim(msg(records[0]!), lease('l1', 0)))!;
      expect(await outbox.release(cb, 'someone-else')).toBe(false);
      expect(await outbox.release(cb, 'l1')).toBe(true);
      expect(await outbox.get(msg(records[0]!))).toMatchObject({ delivery: 'PENDING', attempts: 0 });
      expect(await outbox.get(msg(records[0]!))).not.toHaveProperty('leaseId');
    });
  });

  describe('attempts', () => {
    it('records a delivery under its lease only; a delivered callback is leased no more', async () => {
      const { outbox, records, msg } = await setUp();
      const cb = (await outbox.claim(msg(records[0]!), lease('l1', 0)))!;
      expect(await outbox.finish(cb, 'stolen', attempt(cb, 1, 'DELIVERED', 5), { kind: 'delivered' })).toEqual({ recorded: false });
      expect(await outbox.finish(cb, 'l1', attempt(cb, 1, 'DELIVERED', 5), { kind: 'delivered' })).toEqual({ recorded: true });
      const delivered = await outbox.get(msg(records[0]!));
      expect(delivered).toMatchObject({
        delivery: 'DELIVERED',
        attempts: 1,
        deliveredAt: at(5),
        lastAttempt: { at: at(5), httpStatus: 200 },
      });
      expect(delivered).not.toHaveProperty('leaseId');
      expect(await outbox.take(msg(records[0]!), lease('l2', 120))).toMatchObject({ current: { delivery: 'DELIVERED' } });
    });

    it('holds a retry until its time', async () => {
      const { outbox, records, msg } = await setUp();
      const cb = (await outbox.claim(msg(records[0]!), lease('l1', 0)))!;
      expect(await outbox.recordAttempt(cb, 'l1', attempt(cb, 1, 'FAILED', 5), { kind: 'retry', nextAttemptAt: at(100) })).toBe(true);
      expect(await outbox.get(msg(records[0]!))).toMatchObject({
        delivery: 'PENDING',
        nextAttemptAt: at(100),
        lastAttempt: { error: 'HTTP 500' },
      });
      expect(await outbox.take(msg(records[0]!), lease('l2', 99))).toMatchObject({ current: { nextAttemptAt: at(100) } });
      expect(await outbox.take(msg(records[0]!), lease('l2', 100))).toMatchObject({ claimed: { attempts: 2, leaseId: 'l2' } });
    });

    it("lists a merchant's FAILED callbacks until one is reopened, which counts a replay", async () => {
      const { outbox, p, records, msg } = await setUp();
      const cb = (await outbox.claim(msg(records[0]!), lease('l1', 0)))!;
      await outbox.finish(cb, 'l1', attempt(cb, 1, 'FAILED', 5), { kind: 'failed' });
      const failed = await outbox.failedFor(p.clientKey, 10);
      expect(failed).toMatchObject([{ eventId: cb.eventId, delivery: 'FAILED', failedAt: at(5) }]);
      expect(await outbox.reopen(failed[0]!, at(10))).toBe(true);
      expect(await outbox.get(msg(records[0]!))).toMatchObject({ delivery: 'PENDING', replays: 1 });
      expect(await outbox.failedFor(p.clientKey, 10)).toEqual([]);
    });
  });

  describe('order within a payment', () => {
    it('holds a callback for its predecessor, fails it when blocked, and releases it without counting a replay', async () => {
      const { outbox, records, msg } = await setUp(2);
      const second = (await outbox.get(msg(records[1]!)))!;
      expect(await outbox.hold(second, at(30), at(0))).toBe(true);
      expect(await outbox.get(msg(records[1]!))).toMatchObject({ delivery: 'HELD' });
      expect(await outbox.reopen(second, at(1), { onlyBlocked: true })).toBe(false);
      expect(await outbox.failUnattempted(second, at(2), { error: 'previous callback failed', blockedBySeq: 1 })).toBe(true);
      expect(await outbox.get(msg(records[1]!))).toMatchObject({
        delivery: 'FAILED',
        blockedBySeq: 1,
        failReason: 'previous callback failed',
      });
      expect(await outbox.failUnattempted(second, at(3), { error: 'again' })).toBe(false);
      expect(await outbox.reopen(second, at(4), { onlyBlocked: true })).toBe(true);
      const reopened = await outbox.get(msg(records[1]!));
      expect(reopened).toMatchObject({ delivery: 'PENDING', replays: 0 });
      expect(reopened).not.toHaveProperty('blockedBySeq');
    });

    it('tells the predecessor its successor waits, while it is open, and says so when it is finished', async () => {
      const { outbox, records, msg } = await setUp(2);
      const first = (await outbox.get(msg(records[0]!)))!;
      expect(await outbox.awaitPrevious(first, records[1]!.eventId, { whileOpen: true })).toBe(true);
      const cb = (await outbox.claim(msg(records[0]!), lease('l1', 0)))!;
      expect(await outbox.finish(cb, 'l1', attempt(cb, 1, 'DELIVERED', 5), { kind: 'delivered' })).toEqual({
        recorded: true,
        successorWaiting: records[1]!.eventId,
      });
      expect(await outbox.awaitPrevious(first, 'late', { whileOpen: true })).toBe(false);
      expect(await outbox.awaitPrevious(first, 'late', { whileOpen: false })).toBe(true);
    });
  });

  describe("the sweeper's list", () => {
    const mine = (entries: { eventId: string }[], records: CallbackRecord[]) =>
      entries.filter((e) => records.some((r) => r.eventId === e.eventId)).map((e) => e.eventId);

    it('holds a new callback from its creation until a consumer hands it to the queue; postponing moves it', async () => {
      const { outbox, records, msg } = await setUp(2);
      const ids = records.map((r) => r.eventId);
      // The list is shared by everything in the store: read far enough to reach this test's entries.
      const due = async (before: string) => mine(await outbox.due(before, 10_000), records);
      expect(await due(at(1))).toEqual([]);
      expect(await due(at(3))).toEqual(ids);
      const [entry] = (await outbox.due(at(3), 10_000)).filter((e) => e.eventId === ids[0]);
      expect(entry).toMatchObject({ eventId: ids[0], sweepKey: `${at(1)}#${ids[0]}`, delivery: 'PENDING' });
      await outbox.postponeSweep(entry!, at(50));
      expect(await due(at(3))).toEqual([ids[1]]);
      expect(await due(at(51))).toEqual([ids[1], ids[0]]);
      await outbox.leaveToQueue((await outbox.get(msg(records[1]!)))!);
      expect(await due(at(51))).toEqual([ids[0]]);
    });
  });
}
