/**
 * Checkout callback fields (protocol.md §5.3), signed with the §2.3 callback hash. `type` names the operation
 * (sale, capture, refund, void, recurring, debit, credit, transfer), `status` its outcome, `order_status` where the
 * payment stands afterwards. A reversal is reported as type refund with order_status reversal: there is no type reversal.
 */
import { formatAmount } from '../../domain/money.js';
import { maskCard, protocolDate, type Payment, type PaymentDetails } from '../../domain/payment.js';
import type { Merchant } from '../../domain/merchant.js';
import type { FormValue } from '../form.js';
import { paymentHash } from './hashes.js';
import { eventArn } from '../arn.js';
import { orderStatus } from './order-status.js';
import { scheduleEcho } from '../schedules/payment-echo.js';
import { browserAttributes, cardOnFileAttributes, extendedData, threeDsAttributes } from '../payment-attributes.js';

export type CheckoutCallbackType =
  'sale' | '3ds' | 'redirect' | 'capture' | 'refund' | 'void' | 'recurring' | 'debit' | 'credit' | 'transfer' | 'chargeback';
export type CheckoutCallbackStatus = 'success' | 'fail' | 'waiting' | 'undefined';

export { orderStatus } from './order-status.js';

export interface CheckoutEvent {
  /** A 3DS / redirect step reports the step's own order_status (3ds, redirect), not where the payment ended. */
  orderStatus?: string;
  type: CheckoutCallbackType;
  status: CheckoutCallbackStatus;
  reason?: string;
  /** A refund or reversal attempt: its creditvoid_id (a distinct value per attempt) and its own ARN. */
  creditvoid?: { operation: string; attemptId: string };
}

export function checkoutCallbackFields(p: Payment, merchant: Merchant, event: CheckoutEvent, now: string): Record<string, FormValue> {
  const d = p.details;
  const order = {
    number: p.orderId,
    amount: formatAmount({ minor: p.amount, currency: p.currency }),
    currency: p.currency,
    description: p.orderDescription,
  };
  const m = merchant.mappings;
  const fields: Record<string, FormValue | undefined> = {
    id: p.transId,
    order_number: order.number,
    order_amount: order.amount,
    order_currency: order.currency,
    order_description: order.description,
    order_status: event.orderStatus ?? orderStatus(p.status),
    type: event.type,
    status: event.status,
    reason: event.status === 'fail' ? (event.reason ?? p.declineReason) : undefined,
    card: p.card ? maskCard(p.card) : undefined,
    card_expiration_date: p.card ? `${p.card.expMonth}/${p.card.expYear}` : undefined,
    card_token: p.cardToken,
    customer_name: str(d.customerName),
    customer_email: p.payerEmail,
    customer_country: str(d.customerCountry),
    customer_state: str(d.customerState),
    customer_city: str(d.customerCity),
    customer_address: str(d.customerAddress),
    customer_ip: m.identity ? str(d.customerIp) : undefined,
    date: protocolDate(now),
    // The first payment of a chain is its own recurring_init_trans_id; later charges name the first one.
    ...(m.recurring && (p.recurringToken || d.recurringFirstTransId)
      ? {
          recurring_init_trans_id: str(d.recurringFirstTransId) ?? p.transId,
          recurring_token: p.recurringToken,
          schedule_id: str(d.scheduleId),
        }
      : {}),
    ...(m.recurring ? scheduleEcho(p) : {}),
    ...(m.rrnArn ? { rrn: p.rrn ?? '', arn: (event.creditvoid ? eventArn(p, event.creditvoid) : p.arn) ?? '' } : {}),
    // 6.7.0: "creditvoid_id on every creditvoid callback, no mapping needed", as S2S callbacks carry it.
    creditvoid_id: event.creditvoid?.attemptId,
    moto_type: str(d.motoType),
    // Card brand, or the alternative method's brand (vcard) for a page payment made with one.
    brand: p.card?.brand ?? str(d.brand),
    checkout_payment_method: str(d.checkoutPaymentMethod),
    ...payeeFields(d),
    // The session's JSON object, form-encoded like every nested field.
    custom_data: m.identity ? (d.customData as FormValue | undefined) : undefined,
    // 6.7.0 attribute groups, as S2S CARD sends them: the platform's own 3DS (or none), the payer's browser, the
    // stored-credential use, and 6.6.2 extended_data — each behind its mapping switch.
    ...threeDsAttributes(p, m),
    ...browserAttributes(p, m),
    ...cardOnFileAttributes(p, m),
    ...extendedData(p, merchant),
    // Hosted fields (additive): what was charged, stated plainly — the payer's Token can change a session's amount.
    ...(d.hostedFields ? { amount: order.amount, currency: order.currency } : {}),
    hash: paymentHash(merchant, p.transId, order),
  };
  const out: Record<string, FormValue> = {};
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) out[k] = v;
  return out;
}

/**
 * transfer / credit (§5.3 `payee_*`, `payee_card`): the session's `payee` object flattened as payee_<key>, the
 * card/credit payee names, and the payee card of a transfer — masked, the only way it is kept.
 */
function payeeFields(d: PaymentDetails): Record<string, FormValue | undefined> {
  const out: Record<string, FormValue | undefined> = {};
  const payee = d.payee && !Array.isArray(d.payee) ? d.payee : {};
  for (const [k, v] of Object.entries(payee)) {
    if (typeof v === 'string' || typeof v === 'number') out[k.startsWith('payee_') ? k : `payee_${k}`] = String(v);
  }
  out.payee_first_name = str(d.payeeFirstName) ?? out.payee_first_name;
  out.payee_last_name = str(d.payeeLastName) ?? out.payee_last_name;
  out.payee_card = str(d.payeeCard);
  return out;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
