/**
 * Where the payer goes back to, and in which window. The query gets payment_id, trans_id, order_id and the §2.3
 * return hash (payment_id, order number, amount, currency, description) so the merchant can trust it.
 */
import { formatAmount } from '../../domain/money.js';
import type { Merchant } from '../../domain/merchant.js';
import type { Payment } from '../../domain/payment.js';
import type { CheckoutSession } from '../../ports/checkout-sessions.js';
import { paymentHash } from '../../protocol/checkout/hashes.js';

export type ReturnKind = 'success' | 'cancel' | 'error' | 'expiry';

const PAYMENT_TYPES = ['SALE', 'AUTH', 'DEBIT', 'CARD2CARD', 'CREDIT2CARD'];

/** The transaction that decided the payment (after 3DS it is the completion, not the challenge step). */
export function decidingTransId(p: Payment): string {
  return p.history.filter((h) => PAYMENT_TYPES.includes(h.type)).at(-1)?.id ?? p.transId;
}

/** undefined when the session has no return address at all (card/credit sent without success_url). */
export function returnUrl(session: CheckoutSession, merchant: Merchant, kind: ReturnKind, payment?: Payment): string | undefined {
  const base =
    kind === 'success'
      ? session.successUrl
      : kind === 'cancel'
        ? (session.cancelUrl ?? session.successUrl)
        : kind === 'error'
          ? (session.errorUrl ?? session.cancelUrl ?? session.successUrl)
          : (session.expiryUrl ?? session.cancelUrl ?? session.successUrl);
  if (!base) return undefined;
  const o = session.order;
  const url = new URL(base);
  url.searchParams.set('payment_id', session.paymentId);
  if (payment) url.searchParams.set('trans_id', decidingTransId(payment));
  url.searchParams.set('order_id', o.number);
  url.searchParams.set(
    'hash',
    paymentHash(merchant, session.paymentId, {
      number: o.number,
      amount: formatAmount({ minor: o.amount, currency: o.currency }),
      currency: o.currency,
      description: o.description,
    }),
  );
  if (merchant.mappings.redirectExtras && payment && (kind === 'success' || kind === 'cancel')) {
    for (const [name, value] of Object.entries(redirectExtras(payment))) url.searchParams.set(name, value);
  }
  return url.toString();
}

/**
 * The spec's optional redirect extras on the success and cancel URLs: payment_method (card, or the method the payer
 * chose on the page, e.g. vcard) and brand (the card's brand, or the method's). Outside the return hash, like the
 * outcome: navigation only (docs/callbacks.md).
 */
export function redirectExtras(p: Payment): Record<string, string> {
  const method = typeof p.details.checkoutPaymentMethod === 'string' ? p.details.checkoutPaymentMethod : p.card ? 'card' : undefined;
  const brand = p.card?.brand ?? (typeof p.details.brand === 'string' ? p.details.brand : undefined);
  return { ...(method ? { payment_method: method } : {}), ...(brand ? { brand } : {}) };
}

/** The merchant account's link target overrides the session's url_target (6.7.0); the default leaves any frame. */
export function returnTarget(session: CheckoutSession, merchant: Merchant): string {
  return merchant.linkTarget ?? session.urlTarget ?? '_top';
}
