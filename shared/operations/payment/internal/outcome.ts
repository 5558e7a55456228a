/**
 * What an acquirer's (or provider's) answer does to a payment, decided by the state machine
 * (shared/domain/payment-machine): every path that records an answer — the charge, 3DS / redirect completion, a
 * retry, a follow-up, the reconciler, an abandoned request's recovery — comes through here.
 */
import { answerEvent, apply, type AnswerEvent, type Decision } from '../../../domain/payment-machine/index.js';
import type { Payment, TransactionType } from '../../../domain/payment.js';
import type { ConnectorOutcome } from '../../../ports/connector.js';
import type { PaymentEvent } from './types.js';

/** The machine's event for an answer about the payment's own transaction. */
export function ownEvent(outcome: ConnectorOutcome): AnswerEvent {
  if (outcome.kind === 'approved') return 'APPROVED';
  if (outcome.kind === 'declined') return 'DECLINED';
  if (outcome.kind === 'pending') return 'PENDING';
  if (outcome.awaiting === 'provider') return 'AWAITING_PROVIDER';
  return outcome.type === '3DS' ? 'CHALLENGED_3DS' : 'CHALLENGED_REDIRECT';
}

/** The result an answer about the payment's own transaction reports. */
export function resultOf(outcome: ConnectorOutcome): PaymentEvent['result'] {
  if (outcome.kind === 'pending') return 'UNDEFINED';
  return outcome.kind === 'approved'
    ? 'SUCCESS'
    : outcome.kind === 'declined'
      ? 'DECLINED'
      : outcome.awaiting === 'provider'
        ? 'INIT'
        : 'REDIRECT';
}

/**
 * Applies an answer about the payment's own transaction (also when a 3DS / redirect step completes). `hold`: an
 * approval holds the funds (PENDING) instead of settling. A late answer for a payment decided meanwhile keeps the
 * payment as it is (the machine's `same` rows); its acquirer facts are not taken over either.
 */
export function applyOutcome(p: Payment, outcome: ConnectorOutcome, hold: boolean): Decision {
  const decision = apply(p, { name: ownEvent(outcome), hold });
  if (!decision.moves) return decision;
  if (outcome.kind === 'approved') {
    p.rrn = outcome.rrn;
    p.arn = outcome.arn;
    p.approvalCode = outcome.approvalCode;
    p.declineReason = undefined;
  } else if (outcome.kind === 'declined') {
    p.declineReason = outcome.reason;
    p.rrn = outcome.rrn;
  } else if (outcome.acquirerRef) {
    // Undecided yet, but the acquirer named the payment: its id is what the completion and the inquiry ask by.
    p.rrn = outcome.acquirerRef;
  }
  return decision;
}

export interface AnsweredAttempt {
  type: TransactionType;
  id: string;
  /** Minor units the attempt concerns (capture / refund amount). */
  amount: number;
}

/**
 * Applies the answer to a follow-up attempt (CAPTURE, VOID, REFUND, REVERSAL) and returns the event its callback
 * reports. No decision yet (pending, or a challenge nobody can take) leaves the attempt waiting, reported UNDEFINED.
 */
export function answerFollowUp(next: Payment, attempt: AnsweredAttempt, outcome: ConnectorOutcome, now: string): PaymentEvent {
  const name =
    outcome.kind === 'challenge' || outcome.kind === 'pending' ? 'PENDING' : answerEvent(attempt.type, outcome.kind === 'approved');
  const decision = apply(next, { name, amount: attempt.amount });
  const declineReason = outcome.kind === 'declined' ? outcome.reason : undefined;
  // Each transaction carries its own ARN: a refund's is kept on its history entry, the payment's stays as it was.
  const record = next.history.find((h) => h.id === attempt.id);
  if (outcome.kind === 'approved' && outcome.arn && record && decision.callback === 'SUCCESS') record.arn = outcome.arn;
  return {
    operation: attempt.type,
    result: decision.callback ?? 'UNDEFINED',
    amount: attempt.amount,
    attemptId: attempt.id,
    date: now,
    declineReason,
  };
}

/** The event of a payment's own attempt once the state machine decided: the payment's amount and decline reason. */
export function ownAttemptEvent(next: Payment, decision: Decision, operation: string, attemptId: string, date: string): PaymentEvent {
  return { operation, result: decision.callback ?? 'UNDEFINED', amount: next.amount, attemptId, date, declineReason: next.declineReason };
}
