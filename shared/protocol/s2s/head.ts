/**
 * How every S2S answer and callback about a payment opens (protocol.md §3.3, §4): what happened, to which order and
 * transaction; an answer about an amount goes on with when, the descriptor and how much. Field order is the wire's.
 */
import { formatAmount } from '../../domain/money.js';
import { protocolDate, type Payment } from '../../domain/payment.js';

/** An answer's status is the payment's (typed by its status set); a callback's event carries it as text. */
export interface HeadEvent<A extends string = string, S extends string = string> {
  action: A;
  result: string;
  status: S;
}

/** action, result, status, order_id, trans_id. */
export function eventHead<A extends string, S extends string>(e: HeadEvent<A, S>, p: Payment) {
  return { action: e.action, result: e.result, status: e.status, order_id: p.orderId, trans_id: p.transId };
}

/** The head of an answer about `amount` (minor units) of the payment, dated `date`. */
export function amountHead<A extends string>(action: A, result: string, p: Payment, date: string, amount: number) {
  return {
    ...eventHead({ action, result, status: p.status }, p),
    trans_date: protocolDate(date),
    descriptor: p.descriptor,
    amount: formatAmount({ minor: amount, currency: p.currency }),
    currency: p.currency,
  };
}
