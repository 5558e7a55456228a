/**
 * The books hold over random histories (fast-check), with the journals on DynamoDB Local: payments driven by the real
 * state machine (sale or hold, partial captures, partial refunds, reversal, void, chargeback and its reversal, payout), each write a
 * stream record; the consumer crashes part way through batches (each retried, as Lambda does), records are replayed
 * late and out of order, and the fee schedule changes between retries. After it all, `ledger verify`'s checks find
 * nothing: every journal balances, the journals are exactly the payment's movements, the balances agree.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ACTIONS, type Action } from '../../../shared/domain/actions.js';
import type { Payment } from '../../../shared/domain/payment.js';
import { answerEvent, apply, decide, refundable, settleRecord } from '../../../shared/domain/payment-machine/index.js';
import type { Journal } from '../../../shared/domain/ledger/journal.js';
import { paymentProblems } from '../../../shared/domain/ledger/verify.js';
import { feeSchedules, ledger } from '../../../shared/entry/composition/ledger.js';
import { journalChanges } from '../../../shared/operations/ledger/journal-changes.js';
import { parseFeeSchedule } from '../../../shared/domain/ledger/fees.js';
import type { Ledger, PaymentChange } from '../../../shared/ports/ledger.js';
import { usePlatform } from '../../support/platform.js';

usePlatform();

const NOW = '2030-05-05T12:00:00.000Z';

function newPayment(action: Action, amount: number, hold: boolean): Payment {
  const transId = randomUUID();
  return {
    transId,
    clientKey: 'prop-shop',
    protocol: 's2s-card',
    action,
    orderId: 'o',
    orderDescription: 'd',
    currency: 'USD',
    amount,
    capturedAmount: 0,
    refundedAmount: 0,
    status: 'PREPARE',
    midId: 'prop-mid',
    connector: 'sandbox',
    descriptor: 'x',
    card: { bin: '411111', last4: '1111', expMonth: '01', expYear: '2038', brand: 'visa' },
    details: { authorize: hold, transactionType: ACTIONS[action].transaction },
    createdAt: NOW,
    updatedAt: NOW,
    history: [{ id: transId, type: ACTIONS[action].transaction, status: 'waiting', date: NOW, amount }],
    callbackCount: 0,
    version: 1,
  };
}

type Step =
  | { kind: 'answer'; approved: boolean }
  | { kind: 'request'; name: 'CAPTURE' | 'VOID' | 'CREDITVOID' | 'CHARGEBACK'; amount?: number }
  | { kind: 'reverse-chargeback' };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('answer' as const), approved: fc.boolean() }),
  fc.record({
    kind: fc.constant('request' as const),
    name: fc.constantFrom('CAPTURE', 'VOID', 'CREDITVOID', 'CHARGEBACK'),
    amount: fc.option(fc.integer({ min: 1, max: 1000 }), { nil: undefined }),
  }),
  fc.constant({ kind: 'reverse-chargeback' as const }),
);

/** Applies a step the way the operations do; true when it wrote the payment. */
function run(p: Payment, s: Step): boolean {
  if (s.kind === 'reverse-chargeback') {
    // As `chargebacks reverse` does: the whole chargeback back, once.
    const c = p.details.chargeback;
    if (p.status !== 'CHARGEBACK' || !c || c.reversal) return false;
    c.reversal = { id: `rv${p.history.length}`, amount: c.amount, date: NOW };
    return true;
  }
  if (s.kind === 'answer') {
    const attempt = p.history.find((h) => h.status === 'waiting');
    if (!attempt) return false;
    settleRecord(attempt, s.approved ? 'success' : 'fail', NOW);
    apply(p, { name: answerEvent(attempt.type, s.approved), amount: attempt.amount, hold: p.details.authorize === true });
    return true;
  }
  // A chargeback always names its amount (the whole remaining one when the step does not).
  const asked = s.name === 'CHARGEBACK' ? (s.amount ?? p.capturedAmount - p.refundedAmount) : s.amount;
  const v = decide(p, { name: s.name, amount: asked, now: NOW, hold: p.details.authorize === true });
  if (!v.ok || (s.name === 'CHARGEBACK' && !asked)) return false;
  if (s.name === 'CHARGEBACK') {
    apply(p, { name: 'CHARGEBACK', amount: asked, now: NOW });
    p.history.push({ id: `cb${p.history.length}`, type: 'CHARGEBACK', status: 'success', date: NOW, amount: asked! });
    p.details.chargeback = { id: `cb${p.history.length - 1}`, amount: asked!, reasonCode: '4837', bankDate: NOW.slice(0, 10), date: NOW };
    return true;
  }
  const amount = s.name === 'CREDITVOID' ? (s.amount ?? refundable(p)) : s.name === 'CAPTURE' ? (s.amount ?? p.amount) : p.capturedAmount;
  p.history.push({ id: `a${p.history.length}`, type: v.decision.attempt!, status: 'waiting', date: NOW, amount });
  return true;
}

class Crash extends Error {}

/** The real ledger, crashing (like a Lambda timeout) after `after` journals of the next append. */
function crashing(real: Ledger, after: { n?: number }): Ledger {
  return {
    journalsOf: (id) => real.journalsOf(id),
    journaledOn: (key, date, page) => real.journaledOn(key, date, page),
    journaledBetween: (key, from, to, page) => real.journaledBetween(key, from, to, page),
    balances: (key) => real.balances(key),
    firstJournaledDay: (key) => real.firstJournaledDay(key),
    async append(journals: readonly Journal[]) {
      const n = after.n;
      after.n = undefined;
      if (n === undefined || n >= journals.length) return real.append(journals);
      await real.append(journals.slice(0, n));
      throw new Crash();
    },
  };
}

const schedules = [
  {
    rules: [
      { action: 'capture', percent: '2.9', currency: 'USD', fixed: '0.30' },
      { action: 'chargeback', currency: 'USD', fixed: '15.00' },
    ],
  },
  { rules: [{ percent: '1.25' }] },
];

describe('the ledger over random histories with crashes and replays', () => {
  it("always equals the payments' states", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<Action>('SALE', 'AUTH', 'DEBIT', 'CREDIT2CARD'),
        fc.integer({ min: 1, max: 1000 }),
        fc.boolean(),
        fc.array(step, { minLength: 1, maxLength: 12 }),
        // Per delivered batch: its size, where the consumer crashes in it (if at all), an older record replayed.
        fc.array(
          fc.record({
            size: fc.integer({ min: 1, max: 3 }),
            crashAt: fc.option(fc.nat(3), { nil: undefined }),
            replay: fc.option(fc.nat(), { nil: undefined }),
            reschedule: fc.boolean(),
          }),
          { minLength: 1, maxLength: 20 },
        ),
        async (action, amount, hold, steps, deliveries) => {
          const p = newPayment(action, amount, hold && !ACTIONS[action].payout);
          const changes: PaymentChange[] = [{ new: structuredClone(p) }];
          for (const s of steps) if (run(p, s)) changes.push({ old: changes.at(-1)!.new, new: structuredClone(p) });

          const after: { n?: number } = {};
          const consumer = crashing(ledger(), after);
          let next = 0;
          for (let i = 0; next < changes.length; i++) {
            const d = deliveries[i % deliveries.length]!;
            const batch = changes.slice(next, next + d.size);
            if (d.replay !== undefined && next > 0) batch.unshift(changes[d.replay % next]!);
            after.n = d.crashAt;
            // A crashed batch is retried (maybe after the schedule changed) until it passes.
            for (;;) {
              try {
                await journalChanges(consumer, feeSchedules(), batch);
                break;
              } catch (err) {
                if (!(err instanceof Crash)) throw err;
                if (d.reschedule) await feeSchedules().put('default', parseFeeSchedule(schedules[i % 2]));
              }
            }
            next += d.size;
          }
          const journals = await ledger().journalsOf(p.transId);
          expect(paymentProblems(p, journals)).toEqual([]);
        },
      ),
      { numRuns: 200 },
    );
  }, 240_000);
});
