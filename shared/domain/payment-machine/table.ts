/**
 * Every status transition of a payment, in one table: from, event, guards, to, callback, plus what the transition
 * does to the amounts and which attempt a request reserves. Rows are tried in order; the first whose `from` lists the
 * payment's status and whose selecting guards hold decides (docs/architecture.md "The payment state machine" shows
 * this table, generated from it). A status an event's rows do not list refuses the event.
 */
import type { PaymentStatus, TransactionType } from '../payment.js';
import type { EventName } from './events.js';
import { allows, G, type Guard } from './guards.js';
import { ALL_STATUSES } from './statuses.js';
import type { EventResult } from './results.js';

/** The callback the transition reports, as the protocol-neutral event result (none: nothing is reported). */
export type CallbackResult = EventResult | 'none';

/** What a transition does to the amounts. */
export type Effect =
  /** The own transaction settled: captured = the payment amount. */
  | 'settle'
  /** The own transaction holds the funds: nothing captured yet. */
  | 'hold'
  /** captured = the event's amount. */
  | 'capture'
  /** refunded += the event's amount. */
  | 'refund'
  | 'none';

export interface Transition {
  from: readonly PaymentStatus[];
  event: EventName;
  guards: readonly Guard[];
  /** The new status; `same`: the status stays (a request reserving its attempt, or a late answer). */
  to: PaymentStatus | 'same';
  callback: CallbackResult;
  effect: Effect;
  /** A request: the transaction it reserves, waiting, before the acquirer is asked (`own`: the payment's own type). */
  attempt?: TransactionType | 'own';
}

const row = (
  from: readonly PaymentStatus[],
  event: EventName,
  guards: readonly Guard[],
  to: Transition['to'],
  callback: CallbackResult,
  effect: Effect = 'none',
  attempt?: Transition['attempt'],
): Transition => ({
  from,
  event,
  guards,
  to,
  callback,
  effect,
  ...(attempt ? { attempt } : {}),
});

/** Statuses the payment's own transaction may still be decided from (DECLINED: a recurring charge's RETRY). */
const UNDECIDED: readonly PaymentStatus[] = ['PREPARE', '3DS', 'REDIRECT', 'DECLINED'];
const DECIDED: readonly PaymentStatus[] = ALL_STATUSES.filter((s) => !UNDECIDED.includes(s));
const ANY = ALL_STATUSES;
const not = (...s: PaymentStatus[]) => ALL_STATUSES.filter((x) => !s.includes(x));

export const TRANSITIONS: readonly Transition[] = [
  // The payment's own transaction: SALE / AUTH / DEBIT / CARD2CARD / CREDIT2CARD / RECURRING_* / APM payments.
  row(['PREPARE'], 'CHALLENGED_3DS', [], '3DS', 'REDIRECT'),
  row(['PREPARE'], 'CHALLENGED_REDIRECT', [], 'REDIRECT', 'REDIRECT'),
  row(['PREPARE'], 'AWAITING_PROVIDER', [], 'PENDING', 'INIT'),
  row(UNDECIDED, 'APPROVED', [G.settles], 'SETTLED', 'SUCCESS', 'settle'),
  row(UNDECIDED, 'APPROVED', [G.holds], 'PENDING', 'SUCCESS', 'hold'),
  row(UNDECIDED, 'DECLINED', [], 'DECLINED', 'DECLINED'),
  // A late answer for a payment another transaction has decided meanwhile: recorded and reported, status kept.
  row(DECIDED, 'APPROVED', [], 'same', 'SUCCESS'),
  row(DECIDED, 'DECLINED', [], 'same', 'DECLINED'),
  row(ANY, 'NO_ANSWER', [], 'same', 'none'),
  row(ANY, 'PENDING', [], 'same', 'UNDEFINED'),

  // The payer back from the 3DS / redirect / method page: the own transaction is attempted once.
  row(['3DS', 'REDIRECT'], 'PAYER_RETURNED', [G.payerStepOpen, G.ownNotAttempted], 'same', 'none', 'none', 'own'),
  // DEBIT2VIRTUAL_COMPLETE of a calculated two-step debit.
  row(['PREPARE'], 'COMPLETE_DEBIT', [G.calculated, G.debitNotAttempted], 'same', 'none', 'none', 'DEBIT'),

  // APM provider notifications and the provider step's deadline.
  row(['REDIRECT', 'PENDING'], 'PROVIDER_APPROVED', [G.providerStepOpen, G.ownNotAttempted, G.settles], 'SETTLED', 'SUCCESS', 'settle'),
  row(['REDIRECT', 'PENDING'], 'PROVIDER_APPROVED', [G.providerStepOpen, G.ownNotAttempted, G.holds], 'PENDING', 'SUCCESS', 'hold'),
  row(['REDIRECT', 'PENDING'], 'PROVIDER_DECLINED', [G.providerStepOpen, G.ownNotAttempted], 'DECLINED', 'DECLINED'),
  row(['REDIRECT'], 'PROVIDER_PENDING', [G.providerStepOpen, G.ownNotAttempted], 'PENDING', 'INIT'),
  row(['PENDING'], 'PROVIDER_PENDING', [G.providerStepOpen, G.ownNotAttempted], 'same', 'none'),
  row(['REDIRECT', 'PENDING'], 'DEADLINE_PASSED', [G.providerStepOpen, G.ownNotAttempted], 'DECLINED', 'DECLINED'),

  // CAPTURE of a held authorization, full or one partial amount.
  row(['PENDING'], 'CAPTURE', [allows('CAPTURE'), G.notCapturedOrReleased, G.withinAuthorized], 'same', 'none', 'none', 'CAPTURE'),
  row(['PENDING'], 'CAPTURE_APPROVED', [], 'SETTLED', 'SUCCESS', 'capture'),
  row(not('PENDING'), 'CAPTURE_APPROVED', [], 'same', 'SUCCESS'),
  row(ANY, 'CAPTURE_DECLINED', [], 'same', 'DECLINED'),

  // VOID of a payment settled today, before any refund.
  row(['SETTLED'], 'VOID', [allows('VOID'), G.settledToday, G.untouched], 'same', 'none', 'none', 'VOID'),
  row(['SETTLED'], 'VOID_APPROVED', [], 'VOID', 'SUCCESS'),
  row(not('SETTLED'), 'VOID_APPROVED', [], 'same', 'SUCCESS'),
  row(ANY, 'VOID_DECLINED', [], 'same', 'DECLINED'),

  // CREDITVOID: a held authorization is reversed (whole amount); a settled payment refunded (a debit: reversed).
  row(
    ['PENDING'],
    'CREDITVOID',
    [allows('REFUND'), G.nothingReleasing, G.noRefundInFlight, G.fullAmount],
    'same',
    'none',
    'none',
    'REVERSAL',
  ),
  row(
    ['SETTLED'],
    'CREDITVOID',
    [G.debit, allows('REFUND'), G.nothingReleasing, G.somethingLeft, G.withinRefundable],
    'same',
    'none',
    'none',
    'REVERSAL',
  ),
  row(
    ['SETTLED'],
    'CREDITVOID',
    [G.notDebit, allows('REFUND'), G.nothingReleasing, G.somethingLeft, G.withinRefundable],
    'same',
    'none',
    'none',
    'REFUND',
  ),
  row(['PENDING'], 'REVERSAL_APPROVED', [], 'REVERSAL', 'SUCCESS', 'refund'),
  row(['SETTLED'], 'REVERSAL_APPROVED', [G.partial], 'same', 'SUCCESS', 'refund'),
  row(['SETTLED'], 'REVERSAL_APPROVED', [G.full], 'REVERSAL', 'SUCCESS', 'refund'),
  row(['SETTLED'], 'REFUND_APPROVED', [G.partial], 'same', 'SUCCESS', 'refund'),
  row(['SETTLED'], 'REFUND_APPROVED', [G.full], 'REFUND', 'SUCCESS', 'refund'),
  // Money returned after the payment was charged back (or decided otherwise): counted, status kept.
  row(not('PENDING', 'SETTLED'), 'REVERSAL_APPROVED', [], 'same', 'SUCCESS', 'refund'),
  row(not('SETTLED'), 'REFUND_APPROVED', [], 'same', 'SUCCESS', 'refund'),
  row(ANY, 'REVERSAL_DECLINED', [], 'same', 'DECLINED'),
  row(ANY, 'REFUND_DECLINED', [], 'same', 'DECLINED'),

  // A chargeback the acquirer reports (ops event, admin CLI).
  row(['SETTLED'], 'CHARGEBACK', [allows('CHARGEBACK'), G.chargebackWithinRefundable], 'CHARGEBACK', 'SUCCESS'),

  // RETRY of a soft-declined recurring charge; its answer is the own transaction's APPROVED / DECLINED.
  row(['DECLINED'], 'RETRY', [allows('RETRY'), G.recurringChain, G.nothingWaiting], 'same', 'none', 'none', 'own'),
];
