/** S2S CARD synchronous response bodies (protocol.md §3.3, §3.4). Amounts are strings; ARN is omitted when missing. */
import { formatAmount } from '../../domain/money.js';
import { maskCard, protocolDate, type Payment } from '../../domain/payment.js';
import type { CallbackMappings } from '../../domain/merchant.js';
import { cardAttributes, extraAttributes } from './attributes.js';
import { THREE_DS_ATTRIBUTES } from '../payment-attributes.js';
import { BROWSER_FIELDS } from './browser.js';
import { PAYER_FIELDS } from './payer.js';
import { SCHEDULE_ECHO, scheduleEcho } from '../schedules/payment-echo.js';
import { answer, optionalText, text, type Answer, PAYMENT_ANSWER_FIELDS } from '../answer-schema.js';
import { z } from 'zod';

const REDIRECT_FIELDS = {
  redirect_url: optionalText,
  redirect_method: z.enum(['POST', 'GET']).optional(),
  redirect_params: z.union([z.record(z.string(), z.string()), z.array(z.object({ name: text, value: text }))]).optional(),
};

export const CardPaymentAnswer = answer('CardPaymentAnswer', 'SALE, AUTH, DEBIT, CREDIT2CARD, CARD2CARD, RECURRING_SALE/DEBIT: the payment, with the page to send the payer to when result is REDIRECT.', {
  ...PAYMENT_ANSWER_FIELDS,
  decline_reason: optionalText,
  recurring_token: optionalText,
  card_token: optionalText,
  ...SCHEDULE_ECHO,
  ...REDIRECT_FIELDS,
});

const STATUS_FIELDS = {
  action: text,
  result: z.literal('SUCCESS'),
  status: text,
  order_id: text,
  trans_id: text,
  decline_reason: optionalText,
  recurring_token: optionalText,
  ...SCHEDULE_ECHO,
  digital_wallet: optionalText,
  card: optionalText,
  card_expiration_date: optionalText,
  brand: optionalText,
  RRN: optionalText,
  ARN: optionalText,
};
/** The attribute groups each behind a merchant mapping (extraAttributes): 3DS, browser, card-on-file, payer; moto_type. */
const MAPPED_FIELDS = Object.fromEntries(
  [...THREE_DS_ATTRIBUTES, ...BROWSER_FIELDS, 'initiator', 'source', 'sequence', ...PAYER_FIELDS, 'moto_type'].map((k) => [k, optionalText]),
) as Record<(typeof THREE_DS_ATTRIBUTES)[number] | (typeof BROWSER_FIELDS)[number] | (typeof PAYER_FIELDS)[number] | 'initiator' | 'source' | 'sequence' | 'moto_type', typeof optionalText>;
const mapped = (description: string) => `${description} The 3DS, browser, card-on-file and payer attributes appear where the merchant's mappings turn them on.`;

export const CardStatusAnswer = answer('CardStatusAnswer', mapped('GET_TRANS_STATUS, GET_TRANS_STATUS_BY_ORDER.'), { ...STATUS_FIELDS, ...MAPPED_FIELDS });

export const CardDetailsAnswer = answer('CardDetailsAnswer', mapped('GET_TRANS_DETAILS: the status, the payer, and every transaction of the payment.'), {
  ...STATUS_FIELDS,
  name: text,
  mail: text,
  ip: text,
  amount: text,
  currency: text,
  pan_type: optionalText,
  transactions: z.array(z.strictObject({ type: text, status: text, date: text, amount: text, id: optionalText, decline_reason: optionalText })),
  ...MAPPED_FIELDS,
});

export interface RedirectInfo {
  redirect_url: string;
  redirect_method: 'POST' | 'GET';
  /** Object on /post, list of {name, value} on /v2/post. */
  redirect_params: Record<string, string> | Array<{ name: string; value: string }>;
}

/** Fields every payment-creating action answers with. */
export function paymentResult(action: string, result: string, p: Payment, redirect?: RedirectInfo): Answer<typeof CardPaymentAnswer> {
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
    ...(p.arn ? { ARN: p.arn } : {}),
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
