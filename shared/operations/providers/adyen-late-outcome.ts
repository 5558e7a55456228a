/**
 * Which signed Adyen items contradict what a payment recorded (operations/payment/internal/late-outcome.ts handles them):
 *   AUTHORISATION success=true for a payment recorded DECLINED (the reconciler gave up, or another answer declined
 *     it): Adyen holds the money, so it is reversed by the item's pspReference;
 *   CAPTURE_FAILED (or CAPTURE success=false) for a capture recorded as done, REFUND_FAILED (or REFUND success=false)
 *     for a refund recorded as done: flagged for an operator (the merchant was told the money moved; it did not).
 * Amount and currency must be the recorded transaction's: an item about other money is not about it. Adyen's webhook
 * about a reversal the platform sent (CANCEL_OR_REFUND for trans_id.late, TECHNICAL_CANCEL for trans_id.tcancel) is
 * recorded on its entry.
 */
import type { Payment } from '../../domain/payment.js';
import { LATE_REVERSAL, TECHNICAL_CANCEL, referenceParts, type AdyenNotificationItem } from '../../protocol/providers/adyen-webhook.js';
import type { LateReport } from '../payment/index.js';
import type { LateOutcome } from '../../domain/payment-details.js';

export function adyenLateReport(item: AdyenNotificationItem, payment: Payment): LateReport | undefined {
  if (item.amount.currency !== payment.currency) return undefined;
  const { suffix } = referenceParts(item.merchantReference);
  const ok = item.success === 'true';
  const base = { event: item.eventCode, amount: item.amount.value, acquirerRef: item.pspReference };
  if (item.eventCode === 'AUTHORISATION') {
    const approvedAfterDecline = ok && suffix === undefined && payment.status === 'DECLINED' && item.amount.value === payment.amount;
    return approvedAfterDecline ? { ...base, attemptId: payment.transId, handling: 'reverse' } : undefined;
  }
  const failed =
    item.eventCode === 'CAPTURE_FAILED' ||
    item.eventCode === 'REFUND_FAILED' ||
    (!ok && (item.eventCode === 'CAPTURE' || item.eventCode === 'REFUND'));
  if (!failed || suffix === undefined) return undefined;
  const capture = item.eventCode.startsWith('CAPTURE');
  // Our reference names the follow-up: a capture by `capture`, a refund by its attempt id.
  const done = payment.history.find(
    (h) =>
      h.status === 'success' &&
      h.amount === item.amount.value &&
      (capture ? h.type === 'CAPTURE' && suffix === 'capture' : (h.type === 'REFUND' || h.type === 'REVERSAL') && h.id === suffix),
  );
  return done ? { ...base, event: capture ? 'CAPTURE_FAILED' : 'REFUND_FAILED', attemptId: done.id, handling: 'flag' } : undefined;
}

/** Adyen's webhook about a reversal the platform sent: which entry it confirms, and whether it worked. */
export function adyenReversalResult(
  item: AdyenNotificationItem,
): { handling: LateOutcome['handling']; ok: boolean; note?: string } | undefined {
  const { suffix } = referenceParts(item.merchantReference);
  const ok = item.success === 'true';
  const note = item.reason;
  if (suffix === LATE_REVERSAL && item.eventCode === 'CANCEL_OR_REFUND') return { handling: 'reverse', ok, ...(note ? { note } : {}) };
  if (suffix === TECHNICAL_CANCEL && (item.eventCode === 'TECHNICAL_CANCEL' || item.eventCode === 'CANCEL_OR_REFUND'))
    return { handling: 'technical-cancel', ok, ...(note ? { note } : {}) };
  return undefined;
}
