/**
 * The 3DS / redirect page of hosted-fields payments (redirect_url of a `redirect` result; pages/challenge-page.ts):
 * completed with Checkout callbacks, the payer goes back to return_url with payment_id, trans_id, order_id and the
 * §2.3 return hash. The page is reached only with the one-off token minted for the payment's redirect_url.
 * A MID whose acquirer runs 3DS on its own page (Adyen's action) sends the payer there instead
 * (pages/acquirer-step.ts); the acquirer's return (providers/adyen-return.ts) then goes back to return_url the same way.
 */
import type { Deps } from '../deps.js';
import { formatAmount } from '../../domain/money.js';
import type { Payment } from '../../domain/payment.js';
import type { PageLanguage } from '../../pages/i18n.js';
import { hashEquals } from '../../protocol/signature.js';
import { paymentHash } from '../../protocol/checkout/hashes.js';
import { isWaitingForChallenge } from '../payment/index.js';
import { checkoutCallbacks } from '../checkout/callbacks.js';
import { decidingTransId } from '../checkout/return-url.js';
import { challengePage, notFoundPage, seeOther, type ChallengePageDeps, type PageResult } from '../pages/challenge-page.js';
import { acquirerStep, toAcquirerPage } from '../pages/acquirer-step.js';
import { paymentPageLanguage } from '../pages/language.js';

const hf = (p: Payment) => p.details.hostedFields;
const base = (d: Pick<Deps, 'config'>) => d.config.PUBLIC_BASE_URL.replace(/\/$/, '');

/** redirect_url of a payment waiting for its 3DS / redirect step. */
export function challengeUrl(d: Pick<Deps, 'config'>, p: Payment): string | undefined {
  const details = hf(p);
  if (!details || !isWaitingForChallenge(p)) return undefined;
  return `${base(d)}/hosted-fields/3ds/${p.transId}?token=${encodeURIComponent(details.challengeToken)}`;
}

const pageToken = (p: Payment) => (p.protocol === 'checkout' ? hf(p)?.challengeToken : undefined);

/** The payer back at return_url: payment_id, trans_id, order_id and the return hash (never the outcome). */
export async function backToReturnUrl(d: Pick<Deps, 'merchants'>, p: Payment, lang: PageLanguage): Promise<PageResult> {
  const config = await d.merchants.get(p.clientKey);
  if (!config) return notFoundPage(lang);
  const order = {
    number: p.orderId,
    amount: formatAmount({ minor: p.amount, currency: p.currency }),
    currency: p.currency,
    description: p.orderDescription,
  };
  const url = new URL(hf(p)!.returnUrl);
  url.searchParams.set('payment_id', p.transId);
  url.searchParams.set('trans_id', decidingTransId(p));
  url.searchParams.set('order_id', p.orderId);
  url.searchParams.set('hash', paymentHash(config.merchant, p.transId, order));
  return seeOther(url.toString());
}

const page = challengePage<Pick<Deps, 'config' | 'merchants' | 'newId'>>({
  token: pageToken,
  form: (d, p, token) => ({ action: `${base(d)}/hosted-fields/3ds/${p.transId}`, fields: { token } }),
  recorder: (d, config) => checkoutCallbacks(d, config.merchant),
  backToMerchant: backToReturnUrl,
});

type PageDeps = Pick<Deps, 'config' | 'merchants' | 'newId'> & ChallengePageDeps;

/**
 * redirect_url of a payment whose acquirer waits for the payer on its own page: the hand-over there (GET or POST of
 * redirect_url alike: the platform's step cannot complete it). undefined for any other (the platform's page decides).
 */
async function atAcquirer(
  d: PageDeps,
  transId: string,
  token: string | undefined,
  acceptLanguage: string | undefined,
): Promise<PageResult | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(transId)) return undefined;
  const p = await d.payments.get(transId);
  const issued = p && pageToken(p);
  const step = issued !== undefined && hashEquals(issued, token) ? acquirerStep(p!) : undefined;
  return step && toAcquirerPage(d, p!, step, await paymentPageLanguage(d, p!, acceptLanguage));
}

export async function showChallenge(d: PageDeps, transId: string, token: string | undefined, acceptLanguage?: string): Promise<PageResult> {
  return (await atAcquirer(d, transId, token, acceptLanguage)) ?? page.show(d, transId, token, acceptLanguage);
}

export async function submitChallenge(
  d: PageDeps,
  transId: string,
  token: string | undefined,
  acceptLanguage?: string,
): Promise<PageResult> {
  return (await atAcquirer(d, transId, token, acceptLanguage)) ?? page.submit(d, transId, token, acceptLanguage);
}
