/**
 * Payments and callback recorders to start a test from (not a port: builders for the tests on the fakes and the
 * contracts). A card SALE for 1000 minor units of USD, settled today or held (authorize), answered by its acquirer.
 */
import type { Payment, TransactionRecord } from '../../shared/domain/payment.js';
import type { CallbackRecorder, PaymentEvent } from '../../shared/operations/payment/index.js';
import { NOW } from './clock.js';

export function cardPayment(status: 'SETTLED' | 'PENDING', extra: Partial<Payment> = {}): Payment {
  const transId = extra.transId ?? 't1';
  const createdAt = extra.createdAt ?? NOW;
  const own: TransactionRecord = {
    id: transId,
    type: status === 'PENDING' ? 'AUTH' : 'SALE',
    status: 'success',
    date: createdAt,
    amount: extra.amount ?? 1000,
  };
  return {
    transId,
    clientKey: 'k',
    protocol: 's2s-card',
    action: 'SALE',
    orderId: 'o',
    orderDescription: 'd',
    currency: 'USD',
    amount: 1000,
    capturedAmount: status === 'SETTLED' ? (extra.amount ?? 1000) : 0,
    refundedAmount: 0,
    status,
    midId: 'm',
    connector: 'sandbox',
    descriptor: 'x',
    details: { authorize: status === 'PENDING', transactionType: own.type },
    createdAt,
    updatedAt: createdAt,
    history: [own],
    callbackCount: 0,
    version: 3,
    ...extra,
  };
}

/**
 * A protocol's callback recorder: one record per event, named after it, so a test sees what was recorded. Like the
 * protocols' (shared/domain/callback-factory.ts), it advances the payment's callbackCount, written with the change.
 */
export const recordEvents: CallbackRecorder = (p: Payment, e: PaymentEvent) => {
  p.callbackCount += 1;
  return [
    {
      eventId: `${p.transId}:${e.operation}:${e.result}`,
      transId: p.transId,
      clientKey: p.clientKey,
      seq: p.callbackCount,
      protocol: p.protocol,
      url: 'https://shop.example/cb',
      fields: { status: e.result },
      createdAt: e.date,
    },
  ];
};
