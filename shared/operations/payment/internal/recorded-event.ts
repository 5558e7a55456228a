/**
 * The event an attempt's recorded outcome stands for, on its own so the recovery of abandoned requests (recover.ts)
 * and the adoption of a notification's earlier write (late-answer.ts) share it without a cycle through attempt.ts.
 */
import type { Payment } from '../../../domain/payment.js';
import { STATUSES } from '../../../domain/payment-machine/index.js';
import type { PaymentEvent } from './types.js';

/** The event an attempt's recorded outcome stands for (the payment's own transaction: the payment's status). */
export function recordedEvent(p: Payment, attemptId: string): PaymentEvent {
  const record = p.history.find((h) => h.id === attemptId);
  if (attemptId === p.transId) {
    const operation = p.details.transactionType ?? record?.type ?? p.action;
    return { operation, result: STATUSES[p.status].result, amount: p.amount, attemptId, date: p.updatedAt, declineReason: p.declineReason };
  }
  const result: PaymentEvent['result'] = record?.status === 'success' ? 'SUCCESS' : record?.status === 'fail' ? 'DECLINED' : 'UNDEFINED';
  return {
    operation: record?.type ?? 'UNKNOWN',
    result,
    amount: record?.amount ?? 0,
    attemptId,
    date: record?.date ?? p.updatedAt,
    declineReason: record?.declineReason,
  };
}
