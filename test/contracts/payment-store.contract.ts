/**
 * What every PaymentStore (shared/ports/payment-store.ts) does, whatever keeps the payments: the same assertions run
 * against the in-memory fake in the unit lane (test/unit/contracts/) and against the DynamoDB adapter on DynamoDB
 * Local in the integration lane (test/integration/contracts/), so a unit test on the fake relies on nothing the
 * adapter does not do. Every test makes its own ids, so the adapter's runs share one table.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConflictError } from '../../shared/domain/errors.js';
import type { CallbackRecord } from '../../shared/domain/callback.js';
import type { Payment } from '../../shared/domain/payment.js';
import { IdempotencyClaimedError, type FollowUpIntent, type PaymentStore } from '../../shared/ports/payment-store.js';
import { TransactionItems } from '../../shared/ports/transaction-items.js';
import { FakeClock, NOW } from '../fakes/clock.js';
import { cardPayment } from '../fakes/payment.js';

export interface PaymentStoreSubject {
  store: PaymentStore;
  /** A table an entry stored alongside a change may name (EntryItem.table). */
  entryTable: string;
}

/** Registers the contract's tests; `make` builds a store that reads the time from `clock`. */
export function paymentStoreContract(make: (clock: FakeClock) => PaymentStoreSubject | Promise<PaymentStoreSubject>): void {
  async function setUp() {
    const clock = new FakeClock(NOW);
    const { store, entryTable } = await make(clock);
    const clientKey = `k-${randomUUID()}`;
    const payment = (status: 'SETTLED' | 'PENDING', extra: Partial<Payment> = {}) =>
      cardPayment(status, { transId: randomUUID(), clientKey, ...extra });
    return { clock, store, entryTable, clientKey, payment };
  }

  const callback = (p: Payment, seq: number): CallbackRecord => ({
    eventId: `${p.transId}:${seq}`,
    transId: p.transId,
    clientKey: p.clientKey,
    seq,
    protocol: p.protocol,
    url: 'https://shop.example/cb',
    fields: { status: 'SUCCESS' },
    createdAt: NOW,
  });

  const next = (p: Payment, change: Partial<Payment> = {}): Payment => ({ ...structuredClone(p), version: p.version + 1, ...change });

  describe('not found', () => {
    it('reads nothing for an unknown payment, order or merchant, and reserves no follow-up on it', async () => {
      const { store, clientKey } = await setUp();
      expect(await store.get(randomUUID())).toBeUndefined();
      expect(await store.findByOrder(clientKey, 'no-such-order', 5)).toEqual([]);
      expect(await store.listForMerchant(clientKey, { limit: 5 })).toEqual({ payments: [], more: false });
      const intent: FollowUpIntent = {
        transId: randomUUID(),
        clientKey,
        event: 'CAPTURE',
        attemptId: 'a1',
        claim: { key: randomUUID(), lockExpiresAt: Date.parse(NOW) + 30_000 },
        now: NOW,
      };
      expect(await store.reserveFollowUp(intent)).toEqual({ current: undefined });
    });

    it('refuses to update a payment that was never written', async () => {
      const { store, payment } = await setUp();
      await expect(store.update(next(payment('SETTLED')), [])).rejects.toBeInstanceOf(ConflictError);
    });
  });

  describe('versioned writes', () => {
    it('creates a payment once and reads it back as written', async () => {
      const { store, payment } = await setUp();
      const p = payment('PENDING');
      await store.create(p, []);
      expect(await store.get(p.transId)).toMatchObject({
        transId: p.transId,
        status: 'PENDING',
        amount: 1000,
        version: 3,
        history: [{ id: p.transId, type: 'AUTH', status: 'success', amount: 1000 }],
      });
      await expect(store.create(p, [])).rejects.toBeInstanceOf(ConflictError);
    });

    it('writes version N+1 only over version N: a stale writer loses and changes nothing', async () => {
      const { store, payment } = await setUp();
      const p = payment('PENDING');
      await store.create(p, []);
      await store.update(next(p, { status: 'SETTLED', capturedAmount: 1000 }), []);
      await expect(store.update(next(p, { status: 'VOID' }), [])).rejects.toBeInstanceOf(ConflictError);
      await expect(store.update({ ...p, version: p.version + 5 }, [])).rejects.toBeInstanceOf(ConflictError);
      expect(await store.get(p.transId)).toMatchObject({ status: 'SETTLED', version: 4 });
    });

    it('writes a callback once: a repeat of the same callback refuses the whole write', async () => {
      const { store, payment } = await setUp();
      const p = payment('PENDING');
      await store.create(p, [callback(p, 1)]);
      const again = next(p, { status: 'SETTLED' });
      await expect(store.update(again, [callback(p, 1)])).rejects.toBeInstanceOf(ConflictError);
      expect(await store.get(p.transId)).toMatchObject({ status: 'PENDING', version: 3 });
      await store.update(again, [callback(p, 2)]);
      expect(await store.get(p.transId)).toMatchObject({ status: 'SETTLED', version: 4 });
    });

    it('stores the entries handed alongside a change with it, and none with a refused change', async () => {
      const { store, entryTable, payment } = await setUp();
      const p = payment('PENDING');
      await store.create(p, []);
      const entry = () => TransactionItems.of({ table: entryTable, item: { pk: `CONTRACT#${randomUUID()}`, sk: 'E', kind: 'contract' } });
      const refused = entry();
      await expect(store.update(next(p, { version: 9 }), [], undefined, { alongside: refused })).rejects.toBeInstanceOf(ConflictError);
      expect(refused.stored).toBe(false);
      const kept = entry();
      await store.update(next(p), [], undefined, { alongside: kept });
      expect(kept.stored).toBe(true);
    });
  });

  describe('a payment that is its own idempotency claim', () => {
    const reserveFor = async (s: Awaited<ReturnType<typeof setUp>>, key: string, ttlSeconds = 3600) => {
      const p = s.payment('PENDING', { status: 'PREPARE' as Payment['status'], version: 1 });
      const transId = (await s.store.transIdFor(key))!;
      // As a new payment is reserved: PREPARE, its own transaction waiting for the acquirer.
      const named = { ...p, transId, history: p.history.map((h) => ({ ...h, id: transId, status: 'waiting' as const })) };
      await s.store.reserve(named, { key, ttlSeconds });
      return named;
    };
    const refusal = async (run: Promise<unknown>) => {
      const err = await run.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(IdempotencyClaimedError);
      return (err as IdempotencyClaimedError).claim;
    };

    it('derives one trans id per request key', async () => {
      const { store } = await setUp();
      const key = randomUUID();
      expect(await store.transIdFor(key)).toBe(await store.transIdFor(key));
      expect(await store.transIdFor(key)).not.toBe(await store.transIdFor(randomUUID()));
    });

    it('answers a duplicate "in progress" naming the payment, stale once the lock ran out', async () => {
      const s = await setUp();
      const key = randomUUID();
      const first = await reserveFor(s, key);
      const reserved = { transId: first.transId, attemptId: first.transId };
      expect(await refusal(reserveFor(s, key))).toEqual({ state: 'in-progress', stale: false, reserved });
      s.clock.advance(s.store.claimLockMs + 1000);
      expect(await refusal(reserveFor(s, key))).toEqual({ state: 'in-progress', stale: true, reserved });
      expect(await s.store.get(first.transId)).toMatchObject({ status: 'PREPARE', version: 1 });
    });

    it("answers a duplicate with the first request's kept answer", async () => {
      const s = await setUp();
      const key = randomUUID();
      const first = await reserveFor(s, key);
      const answer = { statusCode: 200, body: '{"result":"SUCCESS"}' };
      await s.store.update(next(first, { status: 'PENDING' }), [], { key, result: answer, keepSeconds: 3600 });
      expect(await refusal(reserveFor(s, key))).toEqual({ state: 'completed', result: answer });
    });

    it('completes the claim of a payment reserved before, once: a later completion leaves the first answer', async () => {
      const s = await setUp();
      const key = randomUUID();
      const first = await reserveFor(s, key);
      const answer = { statusCode: 200, body: 'first' };
      await s.store.completeClaim(key, first.transId, answer);
      await s.store.completeClaim(key, first.transId, { statusCode: 500, body: 'second' });
      expect(await refusal(reserveFor(s, key))).toEqual({ state: 'completed', result: answer });
    });

    it("makes a new payment under another trans id once the first one's window ended", async () => {
      const s = await setUp();
      const key = randomUUID();
      const first = await reserveFor(s, key, 60);
      s.clock.advance(61_000);
      const second = await reserveFor(s, key, 60);
      expect(second.transId).not.toBe(first.transId);
      expect(await s.store.get(second.transId)).toMatchObject({ transId: second.transId, history: [{ id: second.transId }] });
    });
  });

  describe('idempotency claims of their own', () => {
    it('hands a key to one request while it is live; a duplicate learns it is in progress, with its body hash', async () => {
      const { store, clock } = await setUp();
      const key = randomUUID();
      expect(await store.claim(key, 3600, 'hash-1')).toEqual({ state: 'claimed', key });
      expect(await store.claim(key, 3600, 'hash-2')).toEqual({ state: 'in-progress', stale: false, bodyHash: 'hash-1' });
      clock.advance(store.claimLockMs + 1000);
      // Its holder died before it reserved anything: the key may be taken over.
      expect(await store.claim(key, 3600)).toEqual({ state: 'claimed', key });
    });

    it('never hands on a claim that reserved an attempt, however stale', async () => {
      const { store, clock, payment } = await setUp();
      const p = payment('PENDING');
      await store.create(p, []);
      const key = randomUUID();
      await store.claim(key, 3600);
      const waiting = next(p, { history: [...p.history, { id: 'a1', type: 'CAPTURE', status: 'waiting', date: NOW, amount: 1000 }] });
      await store.reserveAttempt(waiting, { key, attemptId: 'a1' });
      clock.advance(store.claimLockMs + 1000);
      const reserved = { transId: p.transId, attemptId: 'a1' };
      expect(await store.claim(key, 3600)).toEqual({ state: 'in-progress', stale: true, reserved });
      await store.release(key, { onlyIfUnreserved: true });
      expect(await store.claim(key, 3600)).toEqual({ state: 'in-progress', stale: true, reserved });
      await store.release(key);
      expect(await store.claim(key, 3600)).toEqual({ state: 'claimed', key });
    });

    it('reserves an attempt only under a held, unreserved claim and over the version read', async () => {
      const { store, payment } = await setUp();
      const p = payment('PENDING');
      await store.create(p, []);
      const waiting = next(p, { history: [...p.history, { id: 'a1', type: 'CAPTURE', status: 'waiting', date: NOW, amount: 1000 }] });
      await expect(store.reserveAttempt(waiting, { key: randomUUID(), attemptId: 'a1' })).rejects.toBeInstanceOf(ConflictError);
      const key = randomUUID();
      await store.claim(key, 3600);
      await expect(store.reserveAttempt({ ...waiting, version: 9 }, { key, attemptId: 'a1' })).rejects.toBeInstanceOf(ConflictError);
      await store.reserveAttempt(waiting, { key, attemptId: 'a1' });
      await expect(store.reserveAttempt(next(waiting), { key, attemptId: 'a2' })).rejects.toBeInstanceOf(ConflictError);
      expect(await store.get(p.transId)).toMatchObject({ version: 4, history: [{}, { id: 'a1', status: 'waiting' }] });
    });

    it('answers a completed claim with its result, and releases only one in progress', async () => {
      const { store, payment } = await setUp();
      const p = payment('PENDING');
      await store.create(p, []);
      const key = randomUUID();
      await store.claim(key, 3600);
      const result = { statusCode: 200, body: 'done' };
      await store.update(next(p), [], { key, result });
      expect(await store.claim(key, 3600)).toEqual({ state: 'completed', result });
      await store.release(key);
      expect(await store.claim(key, 3600)).toEqual({ state: 'completed', result });
    });
  });

  describe('follow-up reservations', () => {
    const intent = (p: Payment, change: Partial<FollowUpIntent> = {}): FollowUpIntent => ({
      transId: p.transId,
      clientKey: p.clientKey,
      event: 'CAPTURE',
      attemptId: `a-${randomUUID()}`,
      claim: { key: randomUUID(), lockExpiresAt: Date.parse(NOW) + 30_000, bodyHash: 'h' },
      now: NOW,
      ...change,
    });

    it("takes the machine's plan once: the attempt waits with its claim, and the next reservation reads instead", async () => {
      const { store, payment } = await setUp();
      const p = payment('PENDING');
      await store.create(p, []);
      const first = intent(p, { amount: 400 });
      const r = await store.reserveFollowUp(first);
      expect(r).toMatchObject({
        reserved: {
          version: 4,
          history: [{}, { id: first.attemptId, type: 'CAPTURE', status: 'waiting', amount: 400, date: NOW }],
          claims: [{ key: first.claim.key, attemptId: first.attemptId, lockExpiresAt: first.claim.lockExpiresAt, bodyHash: 'h' }],
        },
      });
      expect(await store.get(p.transId)).toEqual((r as { reserved: Payment }).reserved);
      const second = await store.reserveFollowUp(intent(p));
      expect(second).toMatchObject({ current: { version: 4, history: [{}, { id: first.attemptId, status: 'waiting' }] } });
    });

    it('refuses, unwritten, what the plan or the request does not fit, and answers the payment as it is', async () => {
      const { store, payment } = await setUp();
      const held = payment('PENDING', { fuv: 'verifier' });
      await store.create(held, []);
      for (const wrong of [
        intent(held, { clientKey: 'someone-else' }),
        intent(held, { event: 'VOID' }),
        intent(held, { protocol: 'checkout' }),
        intent(held, { verifier: 'other' }),
        intent(held, { amount: 1001 }),
        intent(held, { amount: 0 }),
      ]) {
        expect(await store.reserveFollowUp(wrong)).toMatchObject({ current: { transId: held.transId, version: 3 } });
      }
      expect(await store.reserveFollowUp(intent(held, { verifier: 'verifier', protocol: 's2s-card' }))).toHaveProperty('reserved');
    });

    it('voids only on the day the payment settled', async () => {
      const { store, payment } = await setUp();
      const settled = payment('SETTLED');
      await store.create(settled, []);
      const nextDay = new Date(Date.parse(NOW) + 24 * 3600_000).toISOString();
      expect(await store.reserveFollowUp(intent(settled, { event: 'VOID', now: nextDay }))).toHaveProperty('current');
      expect(await store.reserveFollowUp(intent(settled, { event: 'VOID' }))).toMatchObject({
        reserved: { history: [{}, { type: 'VOID', amount: 1000, status: 'waiting' }] },
      });
    });

    it("the outcome's write leaves the next plans: a captured payment may be refunded", async () => {
      const { store, payment } = await setUp();
      const p = payment('PENDING');
      await store.create(p, []);
      const r = (await store.reserveFollowUp(intent(p))) as { reserved: Payment };
      const waiting = r.reserved;
      const attempt = waiting.history.at(-1)!;
      const captured = next(waiting, {
        status: 'SETTLED',
        capturedAmount: 1000,
        history: [...waiting.history.slice(0, -1), { ...attempt, status: 'success' }],
      });
      await store.update(captured, []);
      expect(await store.get(p.transId)).not.toHaveProperty('claims');
      expect(await store.reserveFollowUp(intent(p))).toHaveProperty('current');
      expect(await store.reserveFollowUp(intent(p, { event: 'CREDITVOID', amount: 300 }))).toMatchObject({
        reserved: { version: 6, history: [{}, {}, { type: 'REFUND', amount: 300, status: 'waiting' }] },
      });
    });
  });

  describe('listings', () => {
    const at = (minute: number) => new Date(Date.parse(NOW) + minute * 60_000).toISOString();

    it("lists a merchant's payments newest first, a page at a time, with whether more are left", async () => {
      const { store, payment } = await setUp();
      const ps = [0, 1, 2].map((m) => payment(m === 1 ? 'PENDING' : 'SETTLED', { createdAt: at(m), updatedAt: at(m) }));
      for (const p of ps) await store.create(p, []);
      await store.create(cardPayment('SETTLED', { transId: randomUUID(), clientKey: `other-${randomUUID()}` }), []);
      const ids = (r: { payments: Payment[] }) => r.payments.map((p) => p.transId);
      const page = await store.listForMerchant(ps[0]!.clientKey, { limit: 2 });
      expect([ids(page), page.more]).toEqual([[ps[2]!.transId, ps[1]!.transId], true]);
      const all = await store.listForMerchant(ps[0]!.clientKey, { limit: 3 });
      expect([ids(all), all.more]).toEqual([[ps[2]!.transId, ps[1]!.transId, ps[0]!.transId], false]);
      const since = await store.listForMerchant(ps[0]!.clientKey, { limit: 5, since: at(1) });
      expect(ids(since)).toEqual([ps[2]!.transId, ps[1]!.transId]);
      const settled = await store.listForMerchant(ps[0]!.clientKey, { limit: 1, status: 'SETTLED' });
      expect([ids(settled), settled.more]).toEqual([[ps[2]!.transId], true]);
    });

    it("finds an order's payments most recent first, up to the limit, the merchant's only", async () => {
      const { store, payment, clientKey } = await setUp();
      const ps = [0, 1, 2].map((m) => payment('SETTLED', { orderId: 'order-1', createdAt: at(m), updatedAt: at(m) }));
      for (const p of ps) await store.create(p, []);
      await store.create(payment('SETTLED', { orderId: 'order-2' }), []);
      expect((await store.findByOrder(clientKey, 'order-1', 2)).map((p) => p.transId)).toEqual([ps[2]!.transId, ps[1]!.transId]);
      expect(await store.findByOrder(`other-${randomUUID()}`, 'order-1', 2)).toEqual([]);
    });
  });
}
