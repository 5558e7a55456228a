/**
 * Checkout hashes (protocol.md §2.3): sha1(md5(strtoupper(fields . PASSWORD))), fields in the order below.
 * Request values go in exactly as the merchant sent them; platform-produced ones (callbacks, return URLs) use
 * the amount as the callback shows it.
 */
import type { Merchant } from '../../domain/merchant.js';
import { checkoutHash } from '../signature.js';

type Order = { number: string; amount?: string; currency: string; description: string };

const sign = (m: Merchant, parts: Array<string | undefined>) => checkoutHash(parts, m.password, m.hashAlgorithm);

/** POST /api/v1/session: order.number, order.amount, order.currency, order.description. */
export const sessionHash = (m: Merchant, o: Order) => sign(m, [o.number, o.amount, o.currency, o.description]);

/** Status by payment_id or by order_id; void and retry by payment_id: the one identifier. */
export const idHash = (m: Merchant, id: string) => sign(m, [id]);

/** Refund and capture: payment_id, amount (when sent). */
export const paymentAmountHash = (m: Merchant, paymentId: string, amount?: string) => sign(m, [paymentId, amount]);

/** Recurring: recurring_init_trans_id, recurring_token, order.number, order.amount, order.description (no currency). */
export const recurringHash = (m: Merchant, p: { initTransId: string; token: string; number: string; amount: string; description: string }) =>
  sign(m, [p.initTransId, p.token, p.number, p.amount, p.description]);

/** Card credit: order_id, order_amount, order_currency, order_description (protocol.md marks the order unconfirmed). */
export const cardCreditHash = (m: Merchant, p: { orderId: string; amount: string; currency: string; description: string }) =>
  sign(m, [p.orderId, p.amount, p.currency, p.description]);

/** Callbacks and return URLs: payment public id, order number, amount, currency, description. */
export const paymentHash = (m: Merchant, paymentId: string, o: Order) => sign(m, [paymentId, o.number, o.amount, o.currency, o.description]);
