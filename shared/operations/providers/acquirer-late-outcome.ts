/**
 * Whether an acquirer's verified notification reports an outcome that contradicts what the payment recorded, for
 * acquirers whose notifications make the platform ask (acquirer-notification.ts; Checkout.com): the notification
 * only hints (VerifiedNotification.reports), the acquirer's answer to our inquiry confirms:
 *   an approval of a payment recorded DECLINED   → reversed (late-outcome.ts), by the id the answer names;
 *   a capture or refund recorded as done that the acquirer now declines → flagged for an operator.
 * A transaction whose contradiction is already recorded is not asked about again.
 */
import type { MidConnector, VerifiedNotification } from '../../ports/connector.js';
import type { Payment, TransactionRecord } from '../../domain/payment.js';
import { ownTransaction } from '../../domain/payment-machine/index.js';
import { logger } from '../../lib/logger.js';
import { alreadyRecorded, earlierThan, type LateReport } from '../payment/index.js';

export async function acquirerLateReport(
  bound: MidConnector,
  p: Payment,
  reports: NonNullable<VerifiedNotification['reports']>,
): Promise<LateReport | undefined> {
  if (reports.kind === 'approval') {
    if (p.status !== 'DECLINED' || alreadyRecorded(p, { handling: 'reverse', attemptId: p.transId })) return undefined;
    const answer = await ask(bound, p, { type: ownTransaction(p), id: p.transId, amount: p.amount, date: p.createdAt });
    if (answer?.kind !== 'approved') return undefined;
    return {
      event: reports.event,
      attemptId: p.transId,
      amount: p.amount,
      handling: 'reverse',
      ...(answer.rrn ? { acquirerRef: answer.rrn } : {}),
    };
  }
  const types = reports.kind === 'capture-failure' ? ['CAPTURE'] : ['REFUND', 'REVERSAL'];
  for (const h of p.history) {
    if (!types.includes(h.type) || h.status !== 'success' || alreadyRecorded(p, { handling: 'flag', attemptId: h.id })) continue;
    const answer = await ask(bound, p, h);
    if (answer?.kind === 'declined') return { event: reports.event, attemptId: h.id, amount: h.amount, handling: 'flag' };
  }
  return undefined;
}

/** The acquirer's answer about one transaction now; undefined when it cannot tell (asked again on its next webhook). */
async function ask(bound: MidConnector, p: Payment, t: Pick<TransactionRecord, 'type' | 'id' | 'amount' | 'date'>) {
  try {
    const answer = await bound.inquire({
      transId: p.transId,
      attemptId: t.id,
      type: t.type,
      amount: t.amount,
      currency: p.currency,
      startedAt: t.date,
      card: p.card && { expMonth: p.card.expMonth, expYear: p.card.expYear },
      identifier: p.details.identifier,
      // The upstream tells which of its follow-ups is this one by ours before it (a refund after a capture).
      earlier: earlierThan(p, t),
    });
    return answer === 'unknown' ? undefined : answer;
  } catch (err) {
    logger.warn('acquirer status unavailable for a notification', { transId: p.transId, attemptId: t.id, error: (err as Error).message });
    return undefined;
  }
}
