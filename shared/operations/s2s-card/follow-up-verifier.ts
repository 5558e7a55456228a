/**
 * The hash an S2S CARD request naming a payment must send (Formula 2, 6 for a payout), and the verifier kept on the
 * payment (`fuv`) so a follow-up's reservation authenticates the request in its condition: a wrong hash is refused
 * before anything is written. The verifier is HMAC-SHA256 keyed by the merchant's password over that hash: a reader
 * of the table, without the password, cannot turn it back into a request hash. A rotated password makes it stale;
 * the condition then refuses, and the read path checks the hash with the current password and stores a new one.
 */
import { createHmac } from 'node:crypto';
import { ACTIONS } from '../../domain/actions.js';
import type { Merchant } from '../../domain/merchant.js';
import type { Payment } from '../../domain/payment.js';
import { formula2, formula6, lowerHex } from '../../protocol/signature.js';

type Secret = Pick<Merchant, 'password' | 'hashAlgorithm'>;

/** The hash a request naming `p` by `id` (its trans_id, or a lookup's order_id) must send. */
export function paymentHash(m: Secret, p: Payment, id = p.transId): string {
  const card6_4 = p.card ? `${p.card.bin}${p.card.last4}` : '';
  return ACTIONS[p.action].hash === 'payout'
    ? formula6({ password: m.password, transId: id, cardNumber: card6_4 }, m.hashAlgorithm)
    : formula2({ email: p.payerEmail, password: m.password, transId: id, cardNumber: card6_4 }, m.hashAlgorithm);
}

/** The verifier of a hash, as the payment stores it and the reservation compares it (hex case as hashEquals ignores it). */
export function followUpVerifier(m: Secret, hash: string): string {
  return createHmac('sha256', m.password).update(lowerHex(hash)).digest('hex');
}

/** The verifier a payment keeps: of the hash its follow-ups must send. */
export function paymentVerifier(m: Secret, p: Payment): string {
  return followUpVerifier(m, paymentHash(m, p));
}
