/**
 * The guards of the state machine's rows, each named as the table documents it. A guard with a `refusal` refuses
 * the event when it fails; one without selects between rows of the same status and event (the next row is tried).
 */
import { ACTIONS, SETTLING_TRANSACTIONS, type FollowUp } from '../actions.js';
import type { Payment, TransactionRecord, TransactionType } from '../payment.js';
import type { MachineEvent, Refusal } from './events.js';

export interface Guard {
  /** How the table documents it. */
  name: string;
  test(p: Payment, e: MachineEvent): boolean;
  refusal?: Refusal;
}

type RecordStatus = TransactionRecord['status'];

export function hasAttempt(p: Payment, types: readonly TransactionType[], statuses: readonly RecordStatus[]): boolean {
  return p.history.some((h) => types.includes(h.type) && statuses.includes(h.status));
}

/** Amount of attempts of these types still waiting for their outcome (e.g. refunds in flight). */
export function waitingAmount(p: Payment, types: readonly TransactionType[]): number {
  return p.history.filter((h) => h.status === 'waiting' && types.includes(h.type)).reduce((sum, h) => sum + h.amount, 0);
}

/** The history types of a payment's own transaction (as opposed to follow-ups and payer steps). */
export const OWN_TRANSACTIONS: readonly TransactionType[] = [...new Set(Object.values(ACTIONS).map((a) => a.transaction))];

const ALL_RECORD_STATUSES: readonly RecordStatus[] = ['waiting', 'success', 'fail'];

/** The 3DS / redirect step the payer is on (its history entry is still waiting), if any. */
export function openPayerStep(p: Payment): '3DS' | 'REDIRECT' | undefined {
  const step = p.history.find((h) => (h.type === '3DS' || h.type === 'REDIRECT') && h.status === 'waiting');
  return step?.type === '3DS' ? '3DS' : step?.type === 'REDIRECT' ? 'REDIRECT' : undefined;
}

/** What is left to return: settled (a held authorization: the amount held) minus refunded minus refunds in flight. */
export function refundable(p: Payment): number {
  const base = p.status === 'PENDING' ? p.amount : p.capturedAmount;
  return base - p.refundedAmount - waitingAmount(p, ['REFUND', 'REVERSAL']);
}

/** When the payment settled: its latest successful settling transaction. */
export function settledAt(p: Payment): string | undefined {
  return p.history.filter((h) => h.status === 'success' && SETTLING_TRANSACTIONS.includes(h.type)).at(-1)?.date;
}

const guard = (name: string, test: Guard['test'], refusal?: Refusal): Guard => ({ name, test, ...(refusal ? { refusal } : {}) });

export const allows = (f: FollowUp): Guard => guard(`action allows ${f}`, (p) => ACTIONS[p.action].allows.includes(f), 'NOT_ALLOWED');

export const G = {
  holds: guard('holds funds', (_p, e) => e.hold === true),
  settles: guard('settles', (_p, e) => e.hold !== true),
  debit: guard('debit action', (p) => ACTIONS[p.action].debit),
  notDebit: guard('not a debit action', (p) => !ACTIONS[p.action].debit),
  /** The last refund / reversal takes the payment to REFUND / REVERSAL; earlier ones leave it SETTLED. */
  partial: guard('refunds < settled', (p, e) => p.refundedAmount + (e.amount ?? 0) < p.capturedAmount),
  full: guard('refunds ≥ settled', (p, e) => p.refundedAmount + (e.amount ?? 0) >= p.capturedAmount),

  notCapturedOrReleased: guard(
    'no capture, void or reversal done or waiting; provider step closed',
    // A provider step that approved a hold is closed (success): only one still waiting blocks the capture.
    (p) => !hasAttempt(p, ['CAPTURE', 'VOID', 'REVERSAL'], ['success', 'waiting']) && !hasAttempt(p, ['REDIRECT'], ['waiting']),
    'NOT_ALLOWED',
  ),
  withinAuthorized: guard('amount ≤ authorized', (p, e) => (e.amount ?? p.amount) <= p.amount, 'CAPTURE_TOO_LARGE'),
  settledToday: guard('settled today (UTC)', (p, e) => settledAt(p)?.slice(0, 10) === (e.now ?? '').slice(0, 10) && !!e.now, 'NOT_ALLOWED'),
  untouched: guard(
    'no refund or void done or waiting',
    (p) => p.refundedAmount === 0 && !hasAttempt(p, ['REFUND', 'REVERSAL', 'VOID'], ['success', 'waiting']),
    'NOT_ALLOWED',
  ),
  nothingReleasing: guard(
    'no capture, void or provider step waiting',
    (p) => !hasAttempt(p, ['CAPTURE', 'VOID', 'REDIRECT'], ['waiting']),
    'NOT_ALLOWED',
  ),
  noRefundInFlight: guard('no refund waiting', (p) => waitingAmount(p, ['REFUND', 'REVERSAL']) === 0, 'NOT_ALLOWED'),
  fullAmount: guard('the whole amount', (p, e) => e.amount === undefined || e.amount === p.amount, 'PARTIAL_REVERSAL'),
  somethingLeft: guard('something left to refund', (p) => refundable(p) > 0, 'NOT_ALLOWED'),
  withinRefundable: guard(
    'amount ≤ settled − refunded − in flight',
    (p, e) => (e.amount ?? refundable(p)) <= refundable(p),
    'REFUND_TOO_LARGE',
  ),
  chargebackWithinRefundable: guard(
    'amount ≤ settled − refunded − in flight',
    (p, e) => (e.amount ?? 0) <= refundable(p),
    'CHARGEBACK_TOO_LARGE',
  ),
  recurringChain: guard(
    'a recurring charge on its chain',
    (p) => ACTIONS[p.action].recurring && p.details.recurringFirstTransId !== undefined,
    'NOT_ALLOWED',
  ),
  nothingWaiting: guard('no attempt waiting', (p) => !p.history.some((h) => h.status === 'waiting'), 'NOT_ALLOWED'),
  payerStepOpen: guard('3DS / redirect step open', (p) => hasAttempt(p, ['3DS', 'REDIRECT'], ['waiting']), 'NOT_ALLOWED'),
  providerStepOpen: guard('provider step open', (p) => hasAttempt(p, ['REDIRECT'], ['waiting']), 'NOT_ALLOWED'),
  ownNotAttempted: guard('own transaction not attempted yet', (p) => !hasAttempt(p, OWN_TRANSACTIONS, ALL_RECORD_STATUSES), 'NOT_ALLOWED'),
  calculated: guard('commission calculated', (p) => p.details.commission !== undefined, 'NOT_ALLOWED'),
  debitNotAttempted: guard(
    'no debit or redirect attempted',
    (p) => !hasAttempt(p, ['DEBIT', 'REDIRECT'], ALL_RECORD_STATUSES),
    'NOT_ALLOWED',
  ),
} satisfies Record<string, Guard>;
