/** Checkout operation answers (protocol.md §5.2). Amounts are strings; statuses lowercase; ARN only when known. */
import { formatAmount } from '../../domain/money.js';
import { maskCard, protocolDate, type Payment } from '../../domain/payment.js';
import { orderStatus } from './callback.js';
import { scheduleEcho } from '../schedules/payment-echo.js';
import { statusArn } from '../arn.js';
import type { CallbackMappings } from '../../domain/merchant.js';
import { cardOnFileAttributes } from '../payment-attributes.js';
import type { Answer } from '../answer-schema.js';
import type { AcceptedBody, CheckoutOrder, PaymentStatusAnswer, RecurringBody, VoidBody } from './answers.js';

export function orderOf(p: Payment): Answer<typeof CheckoutOrder> {
  return {
    number: p.orderId,
    amount: formatAmount({ minor: p.amount, currency: p.currency }),
    currency: p.currency,
    description: p.orderDescription,
  };
}

export function statusBody(p: Payment, mappings?: CallbackMappings): Answer<typeof PaymentStatusAnswer> {
  const d = p.details;
  return {
    payment_id: p.transId,
    date: protocolDate(p.updatedAt),
    status: orderStatus(p.status),
    ...(p.status === 'DECLINED' && p.declineReason ? { reason: p.declineReason } : {}),
    ...(p.recurringToken ? { recurring_token: p.recurringToken } : {}),
    ...(typeof d.scheduleId === 'string' ? { schedule_id: d.scheduleId } : {}),
    ...scheduleEcho(p),
    ...(p.cardToken ? { card_token: p.cardToken } : {}),
    order: orderOf(p),
    customer: { name: (d.customerName as string | undefined) ?? '', email: p.payerEmail ?? '' },
    ...(p.card ? { card: maskCard(p.card), card_expiration_date: `${p.card.expMonth}/${p.card.expYear}`, brand: p.card.brand } : {}),
    ...(p.rrn ? { rrn: p.rrn } : {}),
    ...(statusArn(p) ? { arn: statusArn(p) } : {}),
    // The card-on-file attributes are in status answers as well as callbacks (6.7.0), behind the same mapping.
    ...(mappings ? cardOnFileAttributes(p, mappings) : {}),
    ...(typeof d.motoType === 'string' ? { moto_type: d.motoType } : {}),
  };
}

export const acceptedBody = (p: Payment): Answer<typeof AcceptedBody> => ({ payment_id: p.transId, result: 'accepted' });

export function voidBody(p: Payment, success: boolean, reason?: string): Answer<typeof VoidBody> {
  return {
    status: success ? 'SUCCESS' : 'FAIL',
    payment_status: orderStatus(p.status),
    payment_id: p.transId,
    date: protocolDate(p.updatedAt),
    ...(reason ? { reason } : {}),
    order: orderOf(p),
  };
}

export function recurringBody(p: Payment): Answer<typeof RecurringBody> {
  return {
    status: orderStatus(p.status),
    ...(p.status === 'DECLINED' && p.declineReason ? { reason: p.declineReason } : {}),
    payment_id: p.transId,
    date: protocolDate(p.createdAt),
    ...(p.details.scheduleId !== undefined ? { schedule_id: p.details.scheduleId } : {}),
    order: orderOf(p),
  };
}
