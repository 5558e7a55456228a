/**
 * The 3DS / redirect page of hosted-fields payments (redirect_url of a `redirect` result; pages/challenge-page.ts):
 * completed with Checkout callbacks, the payer goes back to return_url with payment_id, trans_id, order_id and the
 * §2.3 return hash. The page is reached only with the one-off token minted for the payment's redirect_url.
 */
import type { Deps } from '../deps.js';
import { formatAmount } from '../../domain/money.js';
import type { Payment } from '../../domain/payment.js';
import { paymentHash } from '../../protocol/checkout/hashes.js';
import { isWaitingForChallenge } from '../payment/index.js';
import { checkoutCallbacks } from '../checkout/callbacks.js';
import { decidingTransId } from '../checkout/return-url.js';
import { challengePage, notFoundPage, seeOther } from '../pages/challenge-page.js';

const hf = (p: Payment) => p.details.hostedFields;
const base = (d: Pick<Deps, 'config'>) => d.config.PUBLIC_BASE_URL.replace(/\/$/, '');

/** redirect_url of a payment waiting for its 3DS / redirect step. */
export function challengeUrl(d: Pick<Deps, 'config'>, p: Payment): string | undefined {
  const details = hf(p);
  if (!details || !isWaitingForChallenge(p)) return undefined;
  return `${base(d)}/hosted-fields/3ds/${p.transId}?token=${encodeURIComponent(details.challengeToken)}`;
}

const page = challengePage<Pick<Deps, 'config' | 'merchants' | 'newId'>>({
  token: (p) => (p.protocol === 'checkout' ? hf(p)?.challengeToken : undefined),
  form: (d, p, token) => ({ action: `${base(d)}/hosted-fields/3ds/${p.transId}`, fields: { token } }),
  recorder: (d, config) => checkoutCallbacks(d, config.merchant),
  async backToMerchant(d, p, lang) {
    const config = await d.merchants.get(p.clientKey);
    if (!config) return notFoundPage(lang);
    const order = { number: p.orderId, amount: formatAmount({ minor: p.amount, currency: p.currency }), currency: p.currency, description: p.orderDescription };
    const url = new URL(hf(p)!.returnUrl);
    url.searchParams.set('payment_id', p.transId);
    url.searchParams.set('trans_id', decidingTransId(p));
    url.searchParams.set('order_id', p.orderId);
    url.searchParams.set('hash', paymentHash(config.merchant, p.transId, order));
    return seeOther(url.toString());
  },
});

export const showChallenge = page.show;
export const submitChallenge = page.submit;
