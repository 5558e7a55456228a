/**
 * Checkout.com's webhooks: an event ({id, type, created_on, data: {id, reference, amount, currency, action_id …}})
 * POSTed to /providers/checkout-com/notifications, signed as a whole: header Cko-Signature is the HMAC-SHA256 (hex) of
 * the raw body with the webhook's secret key. Here: the signature and which of our transactions an event names.
 */
import { parseAttemptReference } from '../../domain/acquirer-reference.js';
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The connector's name, as MIDs and the notification route spell it. */
export const CHECKOUT_COM = 'checkout-com';

/** The header Checkout.com signs its webhooks in. */
export const CKO_SIGNATURE_HEADER = 'cko-signature';

/**
 * The events that report an outcome of one of our transactions: each makes the platform ask Checkout.com (the
 * connector's inquire), never decides by itself. Others (payment_pending, card_verified …) are acknowledged.
 */
export const CHECKOUT_COM_FINAL_EVENTS = [
  'payment_approved',
  'payment_declined',
  'payment_expired',
  'payment_canceled',
  'payment_authentication_failed',
  'payment_captured',
  'payment_capture_declined',
  'payment_refunded',
  'payment_refund_declined',
  'payment_voided',
  'payment_void_declined',
];

export interface CheckoutComEvent {
  type: string;
  /** Checkout.com's payment id (pay_…). */
  paymentId?: string;
  /** The reference we gave: our trans_id, or trans_id.suffix for a follow-up. */
  reference?: string;
  /** Checkout.com's words on a declined action (data.response_summary). */
  summary?: string;
}

/** The event, or undefined when the body is not one (nothing of it is trusted yet). */
export function parseEvent(rawBody: string): CheckoutComEvent | undefined {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return undefined;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const { type, data } = body as { type?: unknown; data?: unknown };
  if (typeof type !== 'string') return undefined;
  const d = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  return {
    type,
    ...(typeof d.id === 'string' ? { paymentId: d.id } : {}),
    ...(typeof d.reference === 'string' ? { reference: d.reference } : {}),
    ...(typeof d.response_summary === 'string' && d.response_summary ? { summary: d.response_summary.slice(0, 200) } : {}),
  };
}

/** Our trans_id in a reference (a follow-up's is trans_id.suffix). */
export const transIdOfReference = (reference: string): string => parseAttemptReference(reference.split('.')[0]!).transId;

/** Cko-Signature of a raw body: hex HMAC-SHA256 with the webhook's secret key. */
export function eventSignature(rawBody: string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex');
}

/** Whether `given` (the Cko-Signature header) is the body's signature; compared in constant time. */
export function signatureMatches(rawBody: string, given: string | undefined, secret: string): boolean {
  if (!given || !/^[0-9a-f]+$/i.test(given.trim())) return false;
  const expected = Buffer.from(eventSignature(rawBody, secret), 'hex');
  const sent = Buffer.from(given.trim(), 'hex');
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}
