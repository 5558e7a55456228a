/** The fields each Checkout request and return is signed over (protocol.md §2.3, docs/checkout.md), in order. */
import { checkoutHash, type HashAlgorithm } from './checkout-hash.js';

export interface Signer {
  password: string;
  hashAlgorithm?: HashAlgorithm;
}

export interface HashedOrder {
  number: string;
  amount?: string;
  currency: string;
  description: string;
}

const sign = (s: Signer, parts: Array<string | undefined>) => checkoutHash(parts, s.password, s.hashAlgorithm);

/** POST /api/v1/session: order.number, order.amount, order.currency, order.description. */
export const sessionHash = (s: Signer, o: HashedOrder) => sign(s, [o.number, o.amount, o.currency, o.description]);

/** Status by payment_id or by order_id, and void: the one identifier. */
export const idHash = (s: Signer, id: string) => sign(s, [id]);

/** Refund: payment_id, then amount when one is sent (a full refund sends none). */
export const paymentAmountHash = (s: Signer, paymentId: string, amount?: string) => sign(s, [paymentId, amount]);

/** The return to success_url / cancel_url / error_url: payment_id, order number, amount, currency, description. */
export const returnHash = (s: Signer, paymentId: string, o: HashedOrder) => sign(s, [paymentId, o.number, o.amount, o.currency, o.description]);
