/** S2S CARD synchronous response bodies (protocol.md §3.3, §3.4). Amounts are strings; ARN is omitted when missing. */
import { formatAmount } from '../../domain/money.js';
import { maskCard, protocolDate, type Payment } from '../../domain/payment.js';

/** Fields every payment-creating action answers with. */
export function paymentResult(action: string, result: string, p: Payment): Record<string, unknown> {
  return {
    action,
    result,
    status: p.status,
    order_id: p.orderId,
    trans_id: p.transId,
    trans_date: protocolDate(p.createdAt),
    descriptor: p.descriptor,
    amount: formatAmount({ minor: p.amount, currency: p.currency }),
    currency: p.currency,
    ...(p.status === 'DECLINED' && p.declineReason ? { decline_reason: p.declineReason } : {}),
    ...(p.recurringToken ? { recurring_token: p.recurringToken } : {}),
    ...(p.cardToken ? { card_token: p.cardToken } : {}),
    ...(p.details.scheduleId ? { schedule_id: p.details.scheduleId } : {}),
  };
}

/** GET_TRANS_STATUS and friends: the 6.7.0 attributes (card, expiry, brand, RRN; ARN only when known). */
export function statusResult(action: string, p: Payment): Record<string, unknown> {
  return {
    action,
    result: 'SUCCESS',
    status: p.status,
    order_id: p.orderId,
    trans_id: p.transId,
    ...(p.declineReason && p.status === 'DECLINED' ? { decline_reason: p.declineReason } : {}),
    ...(p.recurringToken ? { recurring_token: p.recurringToken } : {}),
    ...(p.details.scheduleId ? { schedule_id: p.details.scheduleId } : {}),
    ...(p.card
      ? { card: maskCard(p.card), card_expiration_date: `${p.card.expMonth}/${p.card.expYear}`, brand: p.card.brand }
      : {}),
    ...(p.rrn ? { rrn: p.rrn } : {}),
    ...(p.arn ? { arn: p.arn } : {}),
  };
}
