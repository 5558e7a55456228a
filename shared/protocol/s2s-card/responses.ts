/** S2S CARD synchronous response bodies (protocol.md §3.3, §3.4). Amounts are strings; ARN is omitted when missing. */
import { formatAmount } from '../../domain/money.js';
import { maskCard, protocolDate, type Payment } from '../../domain/payment.js';
import type { CallbackMappings } from '../../domain/merchant.js';
import { cardAttributes, extraAttributes } from './attributes.js';
import { scheduleEcho } from '../schedules/payment-echo.js';
import { statusArn } from '../arn.js';
import { amountHead } from '../s2s/head.js';
// Types only: the schemas are for the API reference and tests, not in the bundle (answers.ts).
import type { Answer } from '../answer-schema.js';
import type { CardDetailsAnswer, CardPaymentAnswer, CardStatusAnswer } from './answers.js';

export interface RedirectInfo {
  redirect_url: string;
  redirect_method: 'POST' | 'GET';
  /** Object on /post, list of {name, value} on /v2/post. */
  redirect_params: Record<string, string> | Array<{ name: string; value: string }>;
}

/** Fields every payment-creating action answers with. */
export function paymentResult(action: string, result: string, p: Payment, redirect?: RedirectInfo): Answer<typeof CardPaymentAnswer> {
  return {
    ...amountHead(action, result, p, p.createdAt, p.amount),
    ...(p.status === 'DECLINED' && p.declineReason ? { decline_reason: p.declineReason } : {}),
    ...(p.recurringToken ? { recurring_token: p.recurringToken } : {}),
    ...(p.cardToken ? { card_token: p.cardToken } : {}),
    ...(p.details.scheduleId ? { schedule_id: String(p.details.scheduleId) } : {}),
    ...scheduleEcho(p),
    ...(redirect ?? {}),
  };
}

export { captureResult, voidResult, creditvoidAccepted } from '../s2s/responses.js';

/** GET_TRANS_STATUS and friends: the 6.7.0 attributes (card, expiry, brand, RRN; ARN only when known). */
export function statusResult(action: string, p: Payment, mappings?: CallbackMappings): Answer<typeof CardStatusAnswer> {
  return {
    action,
    result: 'SUCCESS',
    status: p.status,
    order_id: p.orderId,
    trans_id: p.transId,
    ...(p.declineReason && p.status === 'DECLINED' ? { decline_reason: p.declineReason } : {}),
    ...(p.recurringToken ? { recurring_token: p.recurringToken } : {}),
    ...(p.details.scheduleId ? { schedule_id: String(p.details.scheduleId) } : {}),
    ...scheduleEcho(p),
    ...(p.details.digitalWallet !== undefined ? { digital_wallet: p.details.digitalWallet } : {}),
    ...cardAttributes(p),
    ...(p.rrn ? { RRN: p.rrn } : {}),
    ...(statusArn(p) ? { ARN: statusArn(p) } : {}),
    ...(mappings ? extraAttributes(p, mappings) : {}),
  };
}

/** GET_TRANS_DETAILS: the status plus payer, amount and the history of the payment's transactions. */
export function detailsResult(p: Payment, mappings?: CallbackMappings): Answer<typeof CardDetailsAnswer> {
  const payer = p.details.payer ?? {};
  const name = [payer.payer_first_name, payer.payer_last_name].filter(Boolean).join(' ');
  return {
    ...statusResult('GET_TRANS_DETAILS', p, mappings),
    name,
    mail: p.payerEmail ?? '',
    ip: payer.payer_ip ?? '',
    amount: formatAmount({ minor: p.amount, currency: p.currency }),
    currency: p.currency,
    ...(p.card ? { card: maskCard(p.card) } : {}),
    ...(p.details.panType !== undefined ? { pan_type: p.details.panType } : {}),
    transactions: p.history.map((h) => ({
      type: h.type,
      status: h.status,
      date: protocolDate(h.date),
      amount: formatAmount({ minor: h.amount, currency: p.currency }),
      ...(h.id !== p.transId ? { id: h.id } : {}),
      ...(h.declineReason ? { decline_reason: h.declineReason } : {}),
    })),
  };
}
