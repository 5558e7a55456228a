/**
 * The payment state machine (shared/domain/payment-machine): random sequences of requests and answers, driven the way
 * the operations drive it (a request that calls the acquirer reserves a waiting attempt; an answer settles the
 * attempt and applies its event), keep the invariants; and the doc's table is the table.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ACTIONS, type Action } from '../../../shared/domain/actions.js';
import { recordCallback } from '../../../shared/domain/callback-factory.js';
import type { Merchant } from '../../../shared/domain/merchant.js';
import type { Payment, PaymentStatus } from '../../../shared/domain/payment.js';
import {
  ALL_STATUSES,
  TRANSITIONS,
  answerEvent,
  apply,
  decide,
  isFinal,
  refundable,
  settleRecord,
  type EventName,
  type MachineEvent,
  type RequestEvent,
} from '../../../shared/domain/payment-machine/index.js';
import { followUpPlans } from '../../../shared/domain/payment-machine/plans.js';
import { machineDocBlock } from '../../../shared/domain/payment-machine/describe.js';

const NOW = '2030-05-05T12:00:00.000Z';
const MERCHANT = { notificationUrl: 'https://shop.example/cb' } as Merchant;

function newPayment(action: Action, amount: number, hold: boolean): Payment {
  const calc = action === 'DEBIT2VIRTUAL_CALC';
  return {
    transId: 't',
    clientKey: 'k',
    protocol: 's2s-card',
    action,
    orderId: 'o',
    orderDescription: 'd',
    currency: 'USD',
    amount,
    capturedAmount: 0,
    refundedAmount: 0,
    status: 'PREPARE',
    midId: 'm',
    connector: 'sandbox',
    descriptor: 'x',
    details: {
      authorize: hold,
      transactionType: ACTIONS[action].transaction,
      ...(ACTIONS[action].recurring ? { recurringFirstTransId: 'first' } : {}),
      ...(calc ? { commission: 10 } : {}),
    },
    createdAt: NOW,
    updatedAt: NOW,
    history: calc ? [] : [{ id: 't', type: ACTIONS[action].transaction, status: 'waiting', date: NOW, amount }],
    callbackCount: 0,
    version: 1,
  };
}

type Verdict = 'approved' | 'declined' | 'pending' | 'none' | '3DS' | 'REDIRECT' | 'provider';
type Step = { kind: 'request'; name: RequestEvent; amount?: number } | { kind: 'answer'; pick: number; verdict: Verdict };

const REQUESTS: RequestEvent[] = [
  'CAPTURE',
  'VOID',
  'CREDITVOID',
  'CHARGEBACK',
  'RETRY',
  'PAYER_RETURNED',
  'COMPLETE_DEBIT',
  'PROVIDER_APPROVED',
  'PROVIDER_DECLINED',
  'PROVIDER_PENDING',
  'DEADLINE_PASSED',
];
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('request' as const),
    name: fc.constantFrom(...REQUESTS),
    amount: fc.option(fc.integer({ min: 1, max: 1200 }), { nil: undefined }),
  }),
  fc.record({
    kind: fc.constant('answer' as const),
    pick: fc.nat(),
    verdict: fc.constantFrom<Verdict>('approved', 'declined', 'pending', 'none', '3DS', 'REDIRECT', 'provider'),
  }),
);

interface Run {
  p: Payment;
  transitions: number;
  reported: number;
}

/** An answer event as the operations make it: challenges only for a new payment's first answer. */
function answer(run: Run, s: Extract<Step, { kind: 'answer' }>): void {
  const { p } = run;
  const waiting = p.history.filter((h) => h.status === 'waiting' && h.type !== '3DS' && h.type !== 'REDIRECT');
  if (!waiting.length) return;
  const attempt = waiting[s.pick % waiting.length]!;
  const first = attempt.id === p.transId && p.status === 'PREPARE';
  let name: EventName;
  if (s.verdict === 'none') name = 'NO_ANSWER';
  else if (s.verdict === 'pending') name = 'PENDING';
  else if (s.verdict === 'approved' || s.verdict === 'declined') name = answerEvent(attempt.type, s.verdict === 'approved');
  else if (first) name = s.verdict === '3DS' ? 'CHALLENGED_3DS' : s.verdict === 'REDIRECT' ? 'CHALLENGED_REDIRECT' : 'AWAITING_PROVIDER';
  // A challenge nobody can take: a completion or retry is declined, a follow-up stays undecided.
  else name = answerEvent(attempt.type, false) === 'DECLINED' ? 'DECLINED' : 'PENDING';

  const challenged = name === 'CHALLENGED_3DS' || name === 'CHALLENGED_REDIRECT' || name === 'AWAITING_PROVIDER';
  if (challenged) attempt.type = name === 'CHALLENGED_3DS' ? '3DS' : 'REDIRECT';
  else if (name !== 'NO_ANSWER' && name !== 'PENDING') {
    settleRecord(attempt, name.endsWith('APPROVED') ? 'success' : 'fail', NOW);
    // The payer step closes with the payment's own transaction.
    const stepOpen = p.history.find((h) => (h.type === '3DS' || h.type === 'REDIRECT') && h.status === 'waiting');
    if (stepOpen && (name === 'APPROVED' || name === 'DECLINED')) settleRecord(stepOpen, attempt.status, NOW);
  }
  transition(run, { name, amount: attempt.amount, hold: p.details.authorize === true });
}

/**
 * The plan kept on the payment (a follow-up reserved by one conditional write, without reading) is the machine's
 * own decision: a request the plan takes is one the machine permits, with the same attempt type and amount, and
 * while nothing waits, every request the machine permits is one the plan takes.
 */
function planAgrees(p: Payment, e: MachineEvent): void {
  if (e.name !== 'CAPTURE' && e.name !== 'VOID' && e.name !== 'CREDITVOID') return;
  const plan = followUpPlans(p)?.[e.name];
  const amount = e.name === 'VOID' ? undefined : e.amount;
  const takes =
    !!plan && (amount === undefined || (plan.min <= amount && amount <= plan.max)) && (!plan.day || plan.day === NOW.slice(0, 10));
  const v = decide(p, { ...e, amount });
  if (takes) {
    expect(v.ok, `${e.name} ${amount} planned on ${p.status}`).toBe(true);
    if (v.ok) expect(v.decision.attempt).toBe(plan!.type);
    const reserved = amount ?? plan!.amount;
    const machine = e.name === 'CREDITVOID' ? (amount ?? refundable(p)) : e.name === 'CAPTURE' ? (amount ?? p.amount) : p.capturedAmount;
    expect(reserved).toBe(machine);
  } else if (!p.history.some((h) => h.status === 'waiting')) {
    expect(v.ok, `${e.name} ${amount} permitted on ${p.status} without a plan`).toBe(false);
  }
}

function request(run: Run, s: Extract<Step, { kind: 'request' }>): void {
  const { p } = run;
  const e: MachineEvent = { name: s.name, amount: s.amount, now: NOW, hold: p.details.authorize === true };
  planAgrees(p, e);
  const before = structuredClone(p);
  const v = decide(p, e);
  if (!v.ok) {
    expect(p).toEqual(before);
    return;
  }
  const { attempt } = v.decision;
  if (attempt) {
    const amount = s.name === 'CREDITVOID' ? (s.amount ?? refundable(p)) : s.name === 'CAPTURE' ? (s.amount ?? p.amount) : p.amount;
    p.history.push({ id: `a${p.history.length}`, type: attempt, status: 'waiting', date: NOW, amount });
    return;
  }
  transition(run, e);
  // The provider's verdict (or the deadline) closes the provider step, as provider-step.ts does.
  const open = p.history.find((h) => h.type === 'REDIRECT' && h.status === 'waiting');
  if (open && ['PROVIDER_APPROVED', 'PROVIDER_DECLINED', 'DEADLINE_PASSED'].includes(s.name))
    settleRecord(open, s.name === 'PROVIDER_APPROVED' ? 'success' : 'fail', NOW);
}

function transition(run: Run, e: MachineEvent): void {
  const { p } = run;
  const from: PaymentStatus = p.status;
  const count = p.callbackCount;
  const d = apply(p, e);
  expect(d.row.from).toContain(from);
  const records = d.callback ? recordCallback(p, MERCHANT, { result: d.callback }, 'e', NOW) : [];
  // One callback per reported transition, none otherwise; a status change is always reported.
  expect(records).toHaveLength(d.callback ? 1 : 0);
  expect(p.callbackCount).toBe(count + records.length);
  if (p.status !== from) expect(d.callback).toBeDefined();
  if (isFinal(from)) expect(p.status).toBe(from);
  if (from === 'DECLINED' && p.status !== from) expect(ACTIONS[p.action].recurring).toBe(true);
  run.transitions += 1;
  run.reported += records.length;
  reached.add(p.status);
}

/** Statuses the random runs reached: the property is only as good as the states it visits. */
const reached = new Set<PaymentStatus>();

function invariants(p: Payment): void {
  expect(p.capturedAmount).toBeLessThanOrEqual(p.amount);
  expect(p.capturedAmount).toBeGreaterThanOrEqual(0);
  // Refunds return at most what was captured; a released authorization (never captured) at most what was held.
  if (p.capturedAmount > 0) expect(p.refundedAmount).toBeLessThanOrEqual(p.capturedAmount);
  else {
    expect(p.refundedAmount).toBeLessThanOrEqual(p.amount);
    if (p.refundedAmount > 0) expect(p.status).toBe('REVERSAL');
  }
}

describe('payment state machine', () => {
  it('random requests and answers keep the invariants', () => {
    const property = () =>
      fc.property(
        fc.constantFrom(...(Object.keys(ACTIONS) as Action[])),
        fc.integer({ min: 1, max: 1000 }),
        fc.boolean(),
        fc.array(step, { minLength: 5, maxLength: 60, size: 'max' }),
        (action, amount, hold, steps) => {
          const run: Run = { p: newPayment(action, amount, hold && !ACTIONS[action].payout), transitions: 0, reported: 0 };
          for (const s of steps) {
            if (s.kind === 'request') request(run, s);
            else answer(run, s);
            invariants(run.p);
          }
          expect(run.p.callbackCount).toBe(run.reported);
        },
      );
    // New cases every run, and a fixed seed's runs beside them, so the statuses reached never hang on luck.
    fc.assert(property(), { numRuns: 1000 });
    fc.assert(property(), { numRuns: 1000, seed: 20261207 });
    expect([...reached].sort()).toEqual([...ALL_STATUSES].sort());
  });

  it('every answer has a row in every status it can meet; a challenge only a new payment can get', () => {
    const answers: EventName[] = [
      'APPROVED',
      'DECLINED',
      'NO_ANSWER',
      'PENDING',
      ...(['CAPTURE', 'VOID', 'REFUND', 'REVERSAL'] as const).flatMap((t) => [`${t}_APPROVED`, `${t}_DECLINED`] as EventName[]),
    ];
    for (const status of ALL_STATUSES) {
      for (const name of answers) {
        for (const hold of [false, true]) {
          const p = { ...newPayment('SALE', 1000, hold), status, capturedAmount: status === 'SETTLED' ? 1000 : 0 };
          expect(decide(p, { name, amount: 100, hold }).ok, `${status} ${name}`).toBe(true);
        }
      }
      for (const name of ['CHALLENGED_3DS', 'CHALLENGED_REDIRECT', 'AWAITING_PROVIDER'] as const) {
        expect(decide({ ...newPayment('SALE', 1000, false), status }, { name }).ok).toBe(status === 'PREPARE');
      }
    }
  });

  it('no event is listed twice for a status without a selecting guard between the rows', () => {
    for (const status of ALL_STATUSES) {
      const byEvent = new Map<string, number>();
      for (const t of TRANSITIONS.filter((r) => r.from.includes(status))) {
        const selecting = t.guards.some((g) => !g.refusal);
        if (!selecting) byEvent.set(t.event, (byEvent.get(t.event) ?? 0) + 1);
      }
      for (const [event, n] of byEvent) expect(n, `${status} ${event}`).toBe(1);
    }
  });

  it('docs/architecture.md shows the table as it is (npx tsx scripts/docs/payment-machine.ts)', () => {
    const doc = readFileSync(new URL('../../../docs/architecture.md', import.meta.url), 'utf8');
    expect(doc).toContain(machineDocBlock());
  });
});
