/**
 * What a final answer about an undetermined transaction does to the payment — the same transitions the cores make
 * when the acquirer answers in time (charge.ts, challenge.ts, capture.ts, void.ts, creditvoid.ts):
 *   the payment's own transaction (PREPARE)  → SETTLED / PENDING (auth) or DECLINED;
 *   completion of a 3DS / redirect step       → the same, and the step is closed;
 *   CAPTURE                                   → SETTLED with the captured amount, or stays PENDING;
 *   VOID                                      → VOID, or unchanged;
 *   REFUND / REVERSAL                         → refunded amount grows (the last one moves the status), or unchanged.
 */
import type { Payment, TransactionRecord } from '../../domain/payment.js';
import type { ConnectorOutcome } from '../../ports/connector.js';
import { applyOutcome } from '../payment/outcome.js';
import type { PaymentEvent } from '../payment/types.js';

/** A final answer: approved or declined (a challenge is no answer for a transaction nobody is present for). */
const UNDECIDED = ['PREPARE', 'DECLINED', '3DS', 'REDIRECT'];

export type FinalOutcome = Extract<ConnectorOutcome, { kind: 'approved' | 'declined' }>;

export function resolveTransaction(next: Payment, attempt: TransactionRecord, outcome: FinalOutcome, now: string): PaymentEvent {
  const record = next.history.find((h) => h.id === attempt.id)!;
  record.status = outcome.kind === 'approved' ? 'success' : 'fail';
  record.date = now;
  const ok = outcome.kind === 'approved';
  const declineReason = outcome.kind === 'declined' ? outcome.reason : undefined;
  if (declineReason) record.declineReason = declineReason;
  const event = (operation: string, amount: number): PaymentEvent => ({
    operation,
    result: ok ? 'SUCCESS' : 'DECLINED',
    amount,
    attemptId: attempt.id,
    date: now,
    declineReason,
  });

  switch (attempt.type) {
    // A late answer moves the payment only from the state the attempt started in: a payment that has meanwhile
    // become CHARGEBACK (or was decided by another attempt) keeps its status; the attempt is still recorded.
    case 'CAPTURE':
      if (ok && next.status === 'PENDING') {
        next.status = 'SETTLED';
        next.capturedAmount = attempt.amount;
      }
      return event('CAPTURE', attempt.amount);
    case 'VOID':
      if (ok && next.status === 'SETTLED') next.status = 'VOID';
      return event('VOID', attempt.amount);
    case 'REFUND':
    case 'REVERSAL': {
      if (ok) {
        const base = next.status === 'PENDING' ? next.amount : next.capturedAmount;
        next.refundedAmount += attempt.amount;
        if (next.refundedAmount >= base && (next.status === 'SETTLED' || next.status === 'PENDING')) next.status = attempt.type;
      }
      return event(attempt.type, attempt.amount);
    }
    default: {
      // The payment's own transaction, the completion of its 3DS / redirect step, or a RETRY: it decides the
      // payment only while nothing else has (a payment already SETTLED by another attempt stays SETTLED).
      if (!UNDECIDED.includes(next.status)) return { ...event(attempt.type, attempt.amount), declineReason: outcome.kind === 'declined' ? outcome.reason : undefined };
      applyOutcome(next, outcome, next.details.authorize === true);
      const step = next.history.find((h) => (h.type === '3DS' || h.type === 'REDIRECT') && h.status === 'waiting');
      if (step) {
        step.status = record.status;
        step.date = now;
      }
      return { ...event(attempt.type, next.amount), attemptId: next.transId, declineReason: next.declineReason };
    }
  }
}
