/** A new payment record as every creating operation starts it: PREPARE, version 1, one waiting history entry. */
import type { Action, CardSummary, Payment, PaymentDetails, PaymentProtocol, TransactionType } from '../../../domain/payment.js';
import type { Mid } from '../../../domain/merchant.js';

export interface NewPayment {
  transId: string;
  clientKey: string;
  protocol: PaymentProtocol;
  action: Action;
  /** The history entry the payment starts with; omitted for a payment that records no attempt yet (APM CALC). */
  transactionType?: TransactionType;
  orderId: string;
  orderDescription: string;
  amount: number;
  currency: string;
  mid: Mid;
  /** The connector that serves the payment (an APM brand's provider may differ from the MID's). */
  connector?: string;
  card?: CardSummary;
  cardToken?: string;
  payerEmail?: string;
  details: PaymentDetails;
  now: string;
}

export function newPayment(n: NewPayment): Payment {
  return {
    transId: n.transId,
    clientKey: n.clientKey,
    protocol: n.protocol,
    action: n.action,
    orderId: n.orderId,
    orderDescription: n.orderDescription,
    currency: n.currency,
    amount: n.amount,
    capturedAmount: 0,
    refundedAmount: 0,
    status: 'PREPARE',
    midId: n.mid.midId,
    connector: n.connector ?? n.mid.connector,
    ...(n.card ? { card: n.card } : {}),
    payerEmail: n.payerEmail,
    details: n.details,
    descriptor: n.mid.descriptor,
    cardToken: n.cardToken,
    createdAt: n.now,
    updatedAt: n.now,
    history: n.transactionType ? [{ id: n.transId, type: n.transactionType, status: 'waiting', date: n.now, amount: n.amount }] : [],
    callbackCount: 0,
    version: 1,
  };
}
