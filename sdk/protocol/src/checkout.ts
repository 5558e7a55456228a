/**
 * Checkout and hosted-fields hashes (protocol.md §2.3): sha1_hex(md5_hex(upper(f1 . f2 … . PASSWORD))); the outer
 * sha1 hashes the md5's hex text. Values go in exactly as sent or received ("1.99" stays "1.99"); a field the
 * request does not carry (the amount of an amount-less purchase) is left out.
 */
import { hexDigest, type HashAlgorithm } from './digest.js';
import { concat, strtoupper } from './php-bytes.js';

export function checkoutHash(parts: ReadonlyArray<string | undefined>, password: string, algo: HashAlgorithm = 'md5'): string {
  return hexDigest('sha1', hexDigest(algo, strtoupper(concat(...parts, password))));
}

/** The signer of a request: the merchant's PASSWORD and its hash mode. */
export interface Signer {
  password: string;
  hashAlgorithm?: HashAlgorithm;
}

export interface SignedOrder {
  number: string;
  amount?: string;
  currency: string;
  description: string;
}

const sign = (s: Signer, parts: Array<string | undefined>) => checkoutHash(parts, s.password, s.hashAlgorithm);

/** POST /api/v1/session and the hosted-fields /api/v1/session/token: order.number, amount, currency, description. */
export const sessionHash = (s: Signer, o: SignedOrder): string => sign(s, [o.number, o.amount, o.currency, o.description]);

/** Status by payment_id or by order_id; void and retry by payment_id: the one identifier. */
export const idHash = (s: Signer, id: string): string => sign(s, [id]);

/** Refund and capture: payment_id, then the amount when one is sent (a full refund sends none). */
export const paymentAmountHash = (s: Signer, paymentId: string, amount?: string): string => sign(s, [paymentId, amount]);

/** Recurring: recurring_init_trans_id, recurring_token, order.number, order.amount, order.description (no currency). */
export const recurringHash = (
  s: Signer,
  p: { initTransId: string; token: string; number: string; amount: string; description: string },
): string => sign(s, [p.initTransId, p.token, p.number, p.amount, p.description]);

/** Card credit: order_id, order_amount, order_currency, order_description. */
export const cardCreditHash = (s: Signer, p: { orderId: string; amount: string; currency: string; description: string }): string =>
  sign(s, [p.orderId, p.amount, p.currency, p.description]);

/**
 * Callbacks (the notification to notification_url) and return URLs: the payment's public id, then order number,
 * amount, currency and description as the callback shows them.
 */
export const paymentHash = (s: Signer, paymentId: string, o: SignedOrder): string =>
  sign(s, [paymentId, o.number, o.amount, o.currency, o.description]);

/**
 * Hosted fields, the stricter session update (PUT /api/v1/session/update): Token, order_amount, order_currency,
 * order.description — amount and currency as the session will have them after the update.
 */
export const sessionUpdateHash = (s: Signer, p: { token: string; amount: string; currency: string; description: string }): string =>
  sign(s, [p.token, p.amount, p.currency, p.description]);
