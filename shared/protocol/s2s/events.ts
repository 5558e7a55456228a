/** How both S2S protocols word a protocol-neutral payment event in their callbacks (action, result, status, extras). */
import { formatAmount } from '../../domain/money.js';
import { protocolDate, type Payment } from '../../domain/payment.js';
import type { FormValue } from '../form.js';
import { eventArn } from '../arn.js';

/** The fields of a payment core's event (shared/operations/payment/internal/types.ts PaymentEvent) this wording reads. */
export interface WordedEvent {
  operation: string;
  result: string;
  amount: number;
  attemptId: string;
  date: string;
  declineReason?: string;
}

export interface S2sWireEvent {
  action: string;
  result: string;
  status: string;
  /** Minor units this event concerns (captured / refunded amount). */
  amount: number;
  extra?: Record<string, FormValue | undefined>;
  /** The ARN of the transaction the event is about (protocol/arn.ts): a refund's own, never the payment's. */
  arn?: string;
}

/** The creating action's name for its outcome, CAPTURE / VOID for those, CREDITVOID (with its creditvoid_id) for refunds. */
export function s2sWireEvent(p: Payment, e: WordedEvent, opts: { refundAmount: boolean }): S2sWireEvent {
  const declined = e.result === 'DECLINED' && e.declineReason ? { decline_reason: e.declineReason } : {};
  switch (e.operation) {
    case 'CAPTURE':
    case 'VOID':
      return { action: e.operation, result: e.result, status: p.status, amount: e.amount, extra: declined };
    case 'REFUND':
    case 'REVERSAL':
      return {
        action: 'CREDITVOID',
        result: e.result,
        status: p.status,
        amount: e.amount,
        arn: eventArn(p, e),
        extra: {
          ...declined,
          creditvoid_id: e.attemptId,
          creditvoid_date: protocolDate(e.date),
          ...(opts.refundAmount ? { refund_amount: formatAmount({ minor: e.amount, currency: p.currency }) } : {}),
        },
      };
    default:
      return { action: p.action, result: e.result, status: p.status, amount: p.amount, extra: declined };
  }
}
