/** Follow-up answers common to both S2S protocols (S2S CARD and S2S APM share their shapes). */
import { protocolDate, type Payment } from '../../domain/payment.js';
import type { Answer } from '../answer-schema.js';
import { amountHead, eventHead } from './head.js';
import type { AcceptedAnswer, CaptureAnswer, VoidAnswer } from './answers.js';

/** CAPTURE: the captured amount; a declined capture leaves the authorization PENDING. */
export function captureResult(
  result: string,
  p: Payment,
  amount: number,
  date: string,
  declineReason?: string,
): Answer<typeof CaptureAnswer> {
  return {
    ...amountHead('CAPTURE', result, p, date, amount),
    ...(declineReason ? { decline_reason: declineReason } : {}),
  };
}

export function voidResult(result: string, p: Payment, date: string, declineReason?: string): Answer<typeof VoidAnswer> {
  return {
    ...eventHead({ action: 'VOID', result, status: p.status }, p),
    trans_date: protocolDate(date),
    ...(declineReason ? { decline_reason: declineReason } : {}),
  };
}

/** CREDITVOID answers ACCEPTED at once; the outcome comes by callback. */
export function creditvoidAccepted(p: Payment): Answer<typeof AcceptedAnswer> {
  return { action: 'CREDITVOID', result: 'ACCEPTED', order_id: p.orderId, trans_id: p.transId };
}
