/**
 * The payer back from an acquirer's own 3DS / redirect page (adyen-return.ts, checkout-com-return.ts): the payment
 * waiting for that step is completed once (the connector asks its acquirer), then the payer goes back to the
 * merchant: an S2S CARD payment to its term_url_3ds (as the platform's own 3DS page does), a decided Checkout page
 * payment to the session's success / cancel / error URL (checkout/acquirer-step.ts), a hosted-fields payment to its
 * return_url (hosted-fields/three-ds.ts), any other to a "processed" page. A concurrent completion (the acquirer's
 * webhook, a second tab) makes this one a no-op.
 */
import type { Deps } from '../deps.js';
import { BusinessRuleError, ConflictError } from '../../domain/errors.js';
import type { Payment } from '../../domain/payment.js';
import { PATTERNS } from '../../protocol/fields.js';
import { messagePage, returnPage } from '../../pages/s2s-card/threeds-page.js';
import type { PageLanguage } from '../../pages/i18n.js';
import { completeChallenge, isWaitingForChallenge } from '../payment/index.js';
import { countChallengeDeclines } from '../risk/challenge-declines.js';
import { recorderFor } from '../reconciliation/recorders.js';
import { notFoundPage, seeOther, type PageResult } from '../pages/challenge-page.js';
import { returnFromAcquirer } from '../checkout/acquirer-step.js';
import { backToReturnUrl } from '../hosted-fields/three-ds.js';
import { browserPageLanguage, paymentPageLanguage } from '../pages/language.js';
import { framedFor } from '../pages/framing.js';

export type PayerReturnDeps = Pick<
  Deps,
  'payments' | 'merchants' | 'callbackQueue' | 'clock' | 'newId' | 'checkoutSessions' | 'cardVault' | 'connectors' | 'risk' | 'config'
>;

/**
 * `payerReturn`: what the payer brought for the connector to send on (Adyen's redirectResult), when the acquirer
 * needs it; a step waiting for it is completed only once the payer brought something. Undefined: the connector asks
 * the acquirer by the payment alone (Checkout.com).
 */
export async function payerBackFromAcquirer(
  d: PayerReturnDeps,
  connector: string,
  transId: string,
  opts: { acceptLanguage?: string; payerReturn?: Record<string, string> },
): Promise<PageResult> {
  const payment = PATTERNS.uuid.test(transId) ? await d.payments.get(transId) : undefined;
  if (!payment || payment.connector !== connector) return notFoundPage(browserPageLanguage(opts.acceptLanguage));
  const lang = await paymentPageLanguage(d, payment, opts.acceptLanguage);
  const config = await d.merchants.get(payment.clientKey);
  if (!config) return notFoundPage(lang);
  const brought = opts.payerReturn === undefined || Object.keys(opts.payerReturn).length > 0;
  if (isWaitingForChallenge(payment) && brought) {
    try {
      await completeChallenge(
        d,
        { payment, ...(opts.payerReturn ? { payerReturn: opts.payerReturn } : {}) },
        { callbacks: recorderFor(d, config, payment.protocol), declined: countChallengeDeclines(d) },
      );
    } catch (err) {
      if (!(err instanceof ConflictError || err instanceof BusinessRuleError)) throw err;
    }
  }
  // A Checkout page payment: its session completes and the payer goes to the merchant's URL for the outcome.
  const latest = payment.protocol === 'checkout' ? await d.payments.get(payment.transId) : undefined;
  // A hosted-fields payment: to return_url, decided or not (the outcome comes by callback, never by the return).
  if (latest?.details.hostedFields) return backToReturnUrl(d, latest, lang);
  const checkoutReturn = latest && (await returnFromAcquirer(d, latest, config.merchant));
  if (checkoutReturn) return seeOther(checkoutReturn);
  return backToMerchant(payment, config.merchant, lang);
}

/** The payer goes on to the merchant: term_url_3ds (S2S CARD), or a "processed" page. */
export function backToMerchant(p: Payment, merchant: Parameters<typeof framedFor>[0], lang: PageLanguage): PageResult {
  const termUrl = p.protocol === 's2s-card' ? p.details.termUrl3ds : undefined;
  if (!termUrl) return { statusCode: 200, ...messagePage(lang.t.processedTitle, lang.t.closeWindow, lang) };
  const target = merchant?.linkTarget ?? p.details.termUrlTarget ?? '_top';
  return framedFor(merchant, {
    statusCode: 200,
    ...returnPage({ termUrl, target, fields: { trans_id: p.transId, order_id: p.orderId }, lang }),
  });
}
