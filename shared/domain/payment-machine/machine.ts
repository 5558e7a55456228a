/**
 * Runs the transition table: `decide` finds the row for a payment and an event (or the refusal), `apply` makes the
 * change on the payment — status and amounts only; operations add their own facts (RRN, decline reason, tokens).
 */
import { ACTIONS } from '../actions.js';
import type { Payment, TransactionRecord, TransactionType } from '../payment.js';
import type { MachineEvent, Refusal } from './events.js';
import { TRANSITIONS, type CallbackResult, type Transition } from './table.js';

export interface Decision {
  row: Transition;
  /** The row sets the status (false for requests and late answers, whose rows keep it: `same`). */
  moves: boolean;
  /** The result the transition's callback reports; undefined: it reports none. */
  callback?: Exclude<CallbackResult, 'none'>;
  /** A request's attempt, resolved (`own` → the payment's own transaction type). */
  attempt?: TransactionType;
}

export type Verdict = { ok: true; decision: Decision } | { ok: false; refusal: Refusal };

/** The event was refused (a request), or no row lists the payment's status for it. */
export class TransitionRefused extends Error {
  constructor(
    readonly refusal: Refusal,
    readonly event: MachineEvent['name'],
    readonly from: Payment['status'],
  ) {
    super(`${event} refused in ${from}: ${refusal}`);
  }
}

/** The payment's own transaction type: as recorded when it was created, else its action's. */
export function ownTransaction(p: Payment): TransactionType {
  return p.details.transactionType ?? ACTIONS[p.action].transaction;
}

export function decide(p: Payment, e: MachineEvent): Verdict {
  for (const row of TRANSITIONS) {
    if (row.event !== e.name || !row.from.includes(p.status)) continue;
    const failed = row.guards.find((g) => !g.test(p, e));
    if (!failed) {
      const decision: Decision = {
        row,
        moves: row.to !== 'same',
        ...(row.callback !== 'none' ? { callback: row.callback } : {}),
        ...(row.attempt ? { attempt: row.attempt === 'own' ? ownTransaction(p) : row.attempt } : {}),
      };
      return { ok: true, decision };
    }
    // A selecting guard failed: another row may fit. A refusing one decides.
    if (failed.refusal) return { ok: false, refusal: failed.refusal };
  }
  return { ok: false, refusal: 'NOT_ALLOWED' };
}

/** The decision for a request, or TransitionRefused. */
export function permit(p: Payment, e: MachineEvent): Decision {
  const v = decide(p, e);
  if (!v.ok) throw new TransitionRefused(v.refusal, e.name, p.status);
  return v.decision;
}

export function canApply(p: Payment, e: MachineEvent): boolean {
  return decide(p, e).ok;
}

/** Makes the transition on `p` (status and amounts). Throws TransitionRefused when no row allows it. */
export function apply(p: Payment, e: MachineEvent): Decision {
  const d = permit(p, e);
  switch (d.row.effect) {
    case 'settle':
      p.capturedAmount = p.amount;
      break;
    case 'hold':
      p.capturedAmount = 0;
      break;
    case 'capture':
      p.capturedAmount = e.amount ?? p.amount;
      break;
    case 'refund':
      p.refundedAmount += e.amount ?? 0;
      break;
    case 'none':
      break;
  }
  if (d.row.to !== 'same') p.status = d.row.to;
  return d;
}

/**
 * The transitions of a transaction record: a waiting attempt is answered once (success or fail), or stays waiting
 * (no answer, or a payer step that took its place). An answered record never changes again.
 */
export function settleRecord(record: TransactionRecord, result: 'success' | 'fail' | 'waiting', now: string, declineReason?: string): void {
  if (record.status !== 'waiting') throw new Error(`transaction ${record.id} already ${record.status}`);
  record.status = result;
  record.date = now;
  if (declineReason && result === 'fail') record.declineReason = declineReason;
}
