/** Follow-up answers common to both S2S protocols (S2S CARD and S2S APM share their shapes). */
import { z } from 'zod';
import { formatAmount } from '../../domain/money.js';
import { protocolDate, type Payment } from '../../domain/payment.js';
import { answer, optionalText, text, type Answer, PAYMENT_ANSWER_FIELDS } from '../answer-schema.js';

export const CaptureAnswer = answer('CaptureAnswer', 'CAPTURE: the captured amount; a declined capture leaves the authorization PENDING.', {
  ...PAYMENT_ANSWER_FIELDS,
  action: z.literal('CAPTURE'),
  decline_reason: optionalText,
});

export const VoidAnswer = answer('VoidAnswer', 'VOID: the payment after the void (VOID, or unchanged when declined).', {
  action: z.literal('VOID'),
  result: text,
  status: text,
  order_id: text,
  trans_id: text,
  trans_date: text,
  decline_reason: optionalText,
});

export const AcceptedAnswer = answer('AcceptedAnswer', 'CREDITVOID and RETRY answer ACCEPTED at once; the outcome comes by callback.', {
  action: z.enum(['CREDITVOID', 'RETRY']),
  result: z.literal('ACCEPTED'),
  order_id: text,
  trans_id: text,
});

/** CAPTURE: the captured amount; a declined capture leaves the authorization PENDING. */
export function captureResult(result: string, p: Payment, amount: number, date: string, declineReason?: string): Answer<typeof CaptureAnswer> {
  return {
    action: 'CAPTURE',
    result,
    status: p.status,
    order_id: p.orderId,
    trans_id: p.transId,
    trans_date: protocolDate(date),
    descriptor: p.descriptor,
    amount: formatAmount({ minor: amount, currency: p.currency }),
    currency: p.currency,
    ...(declineReason ? { decline_reason: declineReason } : {}),
  };
}

export function voidResult(result: string, p: Payment, date: string, declineReason?: string): Answer<typeof VoidAnswer> {
  return {
    action: 'VOID',
    result,
    status: p.status,
    order_id: p.orderId,
    trans_id: p.transId,
    trans_date: protocolDate(date),
    ...(declineReason ? { decline_reason: declineReason } : {}),
  };
}

/** CREDITVOID answers ACCEPTED at once; the outcome comes by callback. */
export function creditvoidAccepted(p: Payment): Answer<typeof AcceptedAnswer> {
  return { action: 'CREDITVOID', result: 'ACCEPTED', order_id: p.orderId, trans_id: p.transId };
}
