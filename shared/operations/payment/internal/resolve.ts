/**
 * What a final answer about an undetermined transaction does to the payment: the state machine's rows for that
 * answer (shared/domain/payment-machine/table.ts), the same ones the cores use when the acquirer answers in time:
 *   the payment's own transaction (PREPARE)  → SETTLED / PENDING (auth) or DECLINED;
 *   completion of a 3DS / redirect step       → the same, and the step is closed;
 *   CAPTURE                                   → SETTLED with the captured amount, or stays PENDING;
 *   VOID                                      → VOID, or unchanged;
 *   REFUND / REVERSAL                         → refunded amount grows (the last one moves the status), or unchanged.
 * A late answer moves the payment only from the state the attempt started in (the machine's `same` rows): a payment
 * that has meanwhile become CHARGEBACK, or was decided by another attempt, keeps its status; the attempt is recorded.
 */
import type { Payment, TransactionRecord } from '../../../domain/payment.js';
import { settleRecord } from '../../../domain/payment-machine/index.js';
import type { ConnectorOutcome } from '../../../ports/connector.js';
import { answerFollowUp, applyOutcome } from './outcome.js';
import type { PaymentEvent } from './types.js';

export type FinalOutcome = Extract<ConnectorOutcome, { kind: 'approved' | 'declined' }>;

const FOLLOW_UPS: ReadonlyArray<TransactionRecord['type']> = ['CAPTURE', 'VOID', 'REFUND', 'REVERSAL'];

export function resolveTransaction(next: Payment, attempt: TransactionRecord, outcome: FinalOutcome, now: string): PaymentEvent {
  const record = next.history.find((h) => h.id === attempt.id)!;
  const ok = outcome.kind === 'approved';
  const declineReason = outcome.kind === 'declined' ? outcome.reason : undefined;
  settleRecord(record, ok ? 'success' : 'fail', now, declineReason);
  if (FOLLOW_UPS.includes(attempt.type)) return answerFollowUp(next, attempt, outcome, now);

  // The payment's own transaction, the completion of its 3DS / redirect step, or a RETRY.
  const decision = applyOutcome(next, outcome, next.details.authorize === true);
  const result = decision.callback === 'DECLINED' ? 'DECLINED' : 'SUCCESS';
  if (!decision.moves) return { operation: attempt.type, result, amount: attempt.amount, attemptId: attempt.id, date: now, declineReason };
  const step = next.history.find((h) => (h.type === '3DS' || h.type === 'REDIRECT') && h.status === 'waiting');
  if (step) settleRecord(step, record.status, now);
  return { operation: attempt.type, result, amount: next.amount, attemptId: next.transId, date: now, declineReason: next.declineReason };
}
