/**
 * S2S CARD callback fields, signed with Formula 2 (Formula 6 for CREDIT2CARD), protocol.md §3.4 and §7.
 * RRN and ARN are always present, empty when unknown (spec: "empty in callbacks when missing").
 */
import { ACTIONS } from '../../domain/actions.js';
import { formatAmount } from '../../domain/money.js';
import { protocolDate, type Payment } from '../../domain/payment.js';
import type { Merchant } from '../../domain/merchant.js';
import type { FormValue } from '../form.js';
import { formula2, formula6 } from '../signature.js';
import { cardAttributes, extraAttributes } from './attributes.js';
import { scheduleEcho } from '../schedules/payment-echo.js';
import { extendedData } from '../payment-attributes.js';
import { eventHead } from '../s2s/head.js';

export interface S2sCardEvent {
  action: string;
  result: string;
  status: string;
  /** Amount this event concerns (capture/refund amount); defaults to the payment amount. */
  amount?: number;
  extra?: Record<string, FormValue | undefined>;
  /** Set for an event about a follow-up (a refund): that transaction's own ARN, absent when it has none. */
  arn?: string;
}

export function s2sCardCallbackHash(p: Payment, merchant: Merchant): string {
  const card6_4 = p.card ? `${p.card.bin}${p.card.last4}` : '';
  return ACTIONS[p.action].hash === 'payout'
    ? formula6({ password: merchant.password, transId: p.transId, cardNumber: card6_4 }, merchant.hashAlgorithm)
    : formula2({ email: p.payerEmail, password: merchant.password, transId: p.transId, cardNumber: card6_4 }, merchant.hashAlgorithm);
}

export function s2sCardCallbackFields(p: Payment, merchant: Merchant, event: S2sCardEvent, now: string): Record<string, FormValue> {
  const m = merchant.mappings;
  const fields: Record<string, FormValue | undefined> = {
    ...eventHead(event, p),
    hash: s2sCardCallbackHash(p, merchant),
    trans_date: protocolDate(now),
    descriptor: p.descriptor,
    amount: formatAmount({ minor: event.amount ?? p.amount, currency: p.currency }),
    currency: p.currency,
    decline_reason: event.result === 'DECLINED' ? p.declineReason : undefined,
    ...cardAttributes(p),
    ...(m.rrnArn ? { RRN: p.rrn ?? '', ARN: ('arn' in event ? event.arn : p.arn) ?? '' } : {}),
    // card_token is in every debit callback (6.7.0 fix), and in others when the identity mapping is on.
    ...(p.cardToken && (m.identity || ACTIONS[p.action].debit) ? { card_token: p.cardToken } : {}),
    ...(m.recurring && p.recurringToken ? { recurring_token: p.recurringToken } : {}),
    ...(m.recurring && p.details.recurringFirstTransId !== undefined ? { recurring_init_trans_id: p.details.recurringFirstTransId } : {}),
    ...(m.recurring ? scheduleEcho(p) : {}),
    ...(m.identity && p.details.customData ? { custom_data: p.details.customData as FormValue } : {}),
    // A wallet payment says which wallet and whether the card was a device token (as its SALE answer does).
    ...(p.details.digitalWallet !== undefined ? { digital_wallet: p.details.digitalWallet, pan_type: p.details.panType } : {}),
    ...extraAttributes(p, m),
    ...extendedData(p, merchant),
    ...event.extra,
  };
  const out: Record<string, FormValue> = {};
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) out[k] = v;
  return out;
}
