/**
 * The platform's authentication page for S2S CARD payments answered with REDIRECT (status 3DS or REDIRECT):
 * showing it, and its submission, which completes the payment once (payment/challenge.ts), records the final
 * callback, and sends the payer back to term_url_3ds.
 */
import type { Deps } from '../../deps.js';
import { formatAmount } from '../../domain/money.js';
import { maskCard, type Payment } from '../../domain/payment.js';
import { hashEquals } from '../../protocol/signature.js';
import { authenticationPage, messagePage, returnPage, type HtmlPage } from '../../protocol/s2s-card/threeds-page.js';
import { completeFromPage, isWaitingForChallenge } from '../payment/index.js';
import { s2sRecorder } from './pipeline.js';
import { apmRecorder } from '../s2s-apm/pipeline.js';
import { framedFor, framedForMerchantOf } from '../pages/framing.js';
import { browserPageLanguage, paymentPageLanguage } from '../pages/language.js';
import type { PageLanguage } from '../../protocol/checkout/page/i18n.js';

export interface PageResult extends HtmlPage {
  statusCode: number;
}

const notFound = (lang: PageLanguage): PageResult => ({ statusCode: 404, ...messagePage(lang.t.notFoundTitle, lang.t.authPageNotFound, lang) });

/** The payment, if the page token (PaReq) is the one issued with its REDIRECT answer. */
async function load(d: Deps, transId: string, token: string | undefined): Promise<Payment | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(transId)) return undefined;
  const p = await d.payments.get(transId);
  // S2S APM takes Google Pay PAN_ONLY tokens, whose 3DS the acquirer may ask for on this same page.
  if (!p || (p.protocol !== 's2s-card' && p.protocol !== 's2s-apm') || typeof p.details.challengeToken !== 'string') return undefined;
  return hashEquals(p.details.challengeToken, token) ? p : undefined;
}

/** acceptLanguage: the payer's browser's Accept-Language, a fallback of the page language (pages/language.ts). */
export async function showChallenge(d: Deps, transId: string, token: string | undefined, acceptLanguage?: string): Promise<PageResult> {
  const p = await load(d, transId, token);
  if (!p) return notFound(browserPageLanguage(acceptLanguage));
  const lang = await paymentPageLanguage(d, p, acceptLanguage);
  if (!isWaitingForChallenge(p)) return backToMerchant(d, p, lang);
  return framedForMerchantOf(d, p.clientKey, {
    statusCode: 200,
    ...authenticationPage({
      kind: p.status as '3DS' | 'REDIRECT',
      action: `${d.config.PUBLIC_BASE_URL}/threeds/${p.transId}/complete`,
      fields: { PaReq: token!, MD: p.transId },
      amount: `${formatAmount({ minor: p.amount, currency: p.currency })} ${p.currency}`,
      card: p.card && maskCard(p.card),
      descriptor: p.descriptor,
      lang,
    }),
  });
}

export async function submitChallenge(d: Deps, transId: string, token: string | undefined, acceptLanguage?: string): Promise<PageResult> {
  const p = await load(d, transId, token);
  if (!p) return notFound(browserPageLanguage(acceptLanguage));
  const lang = await paymentPageLanguage(d, p, acceptLanguage);
  const config = await d.merchants.get(p.clientKey);
  if (!config) return notFound(lang);
  const recorder = p.protocol === 's2s-apm' ? apmRecorder({ config, deps: d }) : s2sRecorder({ config, deps: d });
  return backToMerchant(d, await completeFromPage(d, p, recorder), lang);
}

async function backToMerchant(d: Deps, p: Payment, lang: PageLanguage): Promise<PageResult> {
  // S2S APM returns the payer to return_url with a 303, as its method pages do.
  if (p.protocol === 's2s-apm') {
    const returnUrl = p.details.returnUrl;
    return returnUrl ? { statusCode: 303, body: '', headers: { location: returnUrl } } : { statusCode: 200, ...messagePage(lang.t.processedTitle, lang.t.closeWindow, lang) };
  }
  const termUrl = p.details.termUrl3ds as string | undefined;
  if (!termUrl) return { statusCode: 200, ...messagePage(lang.t.processedTitle, lang.t.closeWindow, lang) };
  // The merchant account's link target overrides term_url_target, also for payments made before it was set.
  const config = await d.merchants.get(p.clientKey);
  const target = config?.merchant.linkTarget ?? p.details.termUrlTarget ?? '_top';
  return framedFor(config?.merchant, { statusCode: 200, ...returnPage({ termUrl, target, fields: { trans_id: p.transId, order_id: p.orderId }, lang }) });
}
