/** The payment a Checkout operation names, checked against its request hash. */
import type { Deps } from '../deps.js';
import type { Merchant } from '../../domain/merchant.js';
import type { Payment } from '../../domain/payment.js';
import { InvalidHashError, NotFoundError } from '../../domain/errors.js';
import { hashMatches } from '../../protocol/signature.js';
import { PATTERNS } from '../../protocol/fields.js';

export function checkHash(expected: string, received: unknown): void {
  if (!hashMatches(expected, received)) throw new InvalidHashError();
}

/** 101000 "Payment does not exist." for ids of other merchants too, so ids cannot be probed. */
export async function checkoutPayment(d: Pick<Deps, 'payments'>, merchant: Merchant, paymentId: string): Promise<Payment> {
  return ownedCheckoutPayment(merchant, PATTERNS.uuid.test(paymentId) ? await d.payments.get(paymentId) : undefined);
}

/** The payment found, if it is this merchant's Checkout payment. */
export function ownedCheckoutPayment(merchant: Merchant, payment: Payment | undefined): Payment {
  // Checkout operations act on Checkout (and hosted-fields) payments; S2S payments have their own protocol.
  if (!payment || payment.clientKey !== merchant.clientKey || payment.protocol !== 'checkout') throw NotFoundError.checkoutPayment();
  return payment;
}
