/**
 * Asks the acquirer about a transaction it never answered (the payment's own, or a follow-up attempt): used by the
 * reconciler and by a request that finds its duplicate's claim abandoned (recover.ts).
 */
import type { Payment, TransactionRecord } from '../../../domain/payment.js';
import type { ConnectorOutcome } from '../../../ports/connector.js';
import { logger } from '../../../lib/logger.js';
import type { CoreDeps } from './types.js';

/** An inquiry's answer: a final or challenge outcome, or 'unknown' (an acquirer still "pending" knows no more). */
export type InquiryAnswer = Exclude<ConnectorOutcome, { kind: 'pending' }> | 'unknown';

export async function inquire(d: Pick<CoreDeps, 'connectors'>, p: Payment, attempt: TransactionRecord): Promise<InquiryAnswer> {
  try {
    const connector = await d.connectors.forPayment(p);
    const answer = await connector.inquire({
      transId: p.transId,
      attemptId: attempt.id,
      type: attempt.type,
      amount: attempt.amount,
      currency: p.currency,
      startedAt: attempt.date,
      card: p.card && { expMonth: p.card.expMonth, expYear: p.card.expYear },
      identifier: p.details.identifier,
      earlier: earlierThan(p, attempt),
    });
    return answer !== 'unknown' && answer.kind === 'pending' ? 'unknown' : answer;
  } catch (err) {
    // An acquirer that cannot answer the inquiry either: the transaction stays undetermined.
    logger.warn('acquirer inquiry failed', { transId: p.transId, attemptId: attempt.id, error: (err as Error).message });
    return 'unknown';
  }
}

/** The payment's transactions recorded before `attempt` (history order), as an inquiry passes them on. */
export function earlierThan(p: Payment, attempt: Pick<TransactionRecord, 'id'>) {
  const at = p.history.findIndex((h) => h.id === attempt.id);
  return p.history
    .slice(0, at < 0 ? p.history.length : at)
    .map((h) => ({ type: h.type, amount: h.amount, status: h.status, ...(h.declineReason ? { declineReason: h.declineReason } : {}) }));
}
