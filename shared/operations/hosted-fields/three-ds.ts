/**
 * The platform's 3DS / redirect page for hosted-fields payments (redirect_url of a `redirect` result) and its
 * submission, which completes the payment once (payment/challenge.ts, Checkout callbacks) and sends the payer back
 * to return_url with payment_id, trans_id, order_id and the §2.3 return hash. The page is reached only with the
 * one-off token minted for the payment's redirect_url.
 */
import type { Deps } from '../../deps.js';
import { formatAmount } from '../../domain/money.js';
import { maskCard, type Payment } from '../../domain/payment.js';
import { hashEquals } from '../../protocol/signature.js';
import { paymentHash } from '../../protocol/checkout/hashes.js';
import { authenticationPage, messagePage, type HtmlPage } from '../../protocol/s2s-card/threeds-page.js';
import { completeFromPage, isWaitingForChallenge } from '../payment/index.js';
import { checkoutCallbacks } from '../checkout/callbacks.js';
import { decidingTransId } from '../checkout/return-url.js';
import { framedForMerchantOf } from '../pages/framing.js';
import { browserPageLanguage, paymentPageLanguage } from '../pages/language.js';
import type { PageLanguage } from '../../protocol/checkout/page/i18n.js';

export type ChallengeResult = ({ statusCode: 200 | 404 } & HtmlPage) | { statusCode: 303; location: string };

const hf = (p: Payment) => p.details.hostedFields;
const base = (d: Deps) => d.config.PUBLIC_BASE_URL.replace(/\/$/, '');

/** redirect_url of a payment waiting for its 3DS / redirect step. */
export function challengeUrl(d: Deps, p: Payment): string | undefined {
  const details = hf(p);
  if (!details || !isWaitingForChallenge(p)) return undefined;
  return `${base(d)}/hosted-fields/3ds/${p.transId}?token=${encodeURIComponent(details.challengeToken)}`;
}

const notFound = (lang: PageLanguage): ChallengeResult => ({ statusCode: 404, ...messagePage(lang.t.notFoundTitle, lang.t.authPageNotFound, lang) });

async function load(d: Deps, transId: string, token: string | undefined): Promise<Payment | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(transId)) return undefined;
  const p = await d.payments.get(transId);
  const details = p && p.protocol === 'checkout' ? hf(p) : undefined;
  return details && hashEquals(details.challengeToken, token) ? p : undefined;
}

/** acceptLanguage: the payer's browser's Accept-Language, a fallback of the page language (pages/language.ts). */
export async function showChallenge(d: Deps, transId: string, token: string | undefined, acceptLanguage?: string): Promise<ChallengeResult> {
  const p = await load(d, transId, token);
  if (!p) return notFound(browserPageLanguage(acceptLanguage));
  const lang = await paymentPageLanguage(d, p, acceptLanguage);
  if (!isWaitingForChallenge(p)) return backToMerchant(d, p, lang);
  return framedForMerchantOf(d, p.clientKey, {
    statusCode: 200 as const,
    ...authenticationPage({
      kind: p.status as '3DS' | 'REDIRECT',
      action: `${base(d)}/hosted-fields/3ds/${p.transId}`,
      fields: { token: token! },
      amount: `${formatAmount({ minor: p.amount, currency: p.currency })} ${p.currency}`,
      card: p.card && maskCard(p.card),
      descriptor: p.descriptor,
      lang,
    }),
  });
}

export async function submitChallenge(d: Deps, transId: string, token: string | undefined, acceptLanguage?: string): Promise<ChallengeResult> {
  const p = await load(d, transId, token);
  if (!p) return notFound(browserPageLanguage(acceptLanguage));
  const lang = await paymentPageLanguage(d, p, acceptLanguage);
  const config = await d.merchants.get(p.clientKey);
  if (!config) return notFound(lang);
  return backToMerchant(d, await completeFromPage(d, p, checkoutCallbacks(d, config.merchant)), lang);
}

async function backToMerchant(d: Deps, p: Payment, lang: PageLanguage): Promise<ChallengeResult> {
  const config = await d.merchants.get(p.clientKey);
  if (!config) return notFound(lang);
  const order = { number: p.orderId, amount: formatAmount({ minor: p.amount, currency: p.currency }), currency: p.currency, description: p.orderDescription };
  const url = new URL(hf(p)!.returnUrl);
  url.searchParams.set('payment_id', p.transId);
  url.searchParams.set('trans_id', decidingTransId(p));
  url.searchParams.set('order_id', p.orderId);
  url.searchParams.set('hash', paymentHash(config.merchant, p.transId, order));
  return { statusCode: 303, location: url.toString() };
}
