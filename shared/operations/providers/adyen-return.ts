/**
 * The payer back from Adyen's 3DS / redirect page (GET or POST /providers/adyen/return/{transId}: Adyen's returnUrl,
 * with its redirectResult in the query or the form). The payment waiting for that step is completed once with what
 * the payer brought (the connector's /payments/details), then the payer goes back to the merchant: an S2S CARD
 * payment to its term_url_3ds (as the platform's own 3DS page does), a decided Checkout page payment to the session's
 * success / cancel / error URL (checkout/acquirer-step.ts), a hosted-fields payment to its return_url (as its own
 * 3DS page does, hosted-fields/three-ds.ts), any other to a "processed" page.
 *
 * Nothing the payer brings decides by itself: Adyen answers /payments/details, and a result Adyen refuses leaves the
 * step to Adyen's AUTHORISATION webhook. What the payer brings may be another payment's result: Adyen's answer then
 * names that payment, and the registry refuses it as an answer (connectors/answer-binding.ts), leaving this payment
 * undetermined for the webhook. A concurrent completion (the webhook, a second tab) makes this one a no-op.
 */
import type { Deps } from '../deps.js';
import { BusinessRuleError, ConflictError } from '../../errors.js';
import type { Payment } from '../../domain/payment.js';
import { PATTERNS } from '../../protocol/fields.js';
import { messagePage, returnPage } from '../../protocol/s2s-card/threeds-page.js';
import type { PageLanguage } from '../../protocol/checkout/page/i18n.js';
import { ADYEN } from '../../protocol/providers/adyen-webhook.js';
import { completeChallenge, isWaitingForChallenge } from '../payment/challenge.js';
import { recorderFor } from '../reconciliation/recorders.js';
import { notFoundPage, seeOther, type PageResult } from '../pages/challenge-page.js';
import { returnFromAcquirer } from '../checkout/acquirer-step.js';
import { backToReturnUrl } from '../hosted-fields/three-ds.js';
import { browserPageLanguage, paymentPageLanguage } from '../pages/language.js';
import { framedFor } from '../pages/framing.js';

/** What Adyen may append to the returnUrl; anything else the payer's browser sends is dropped. */
const RETURN_FIELDS = ['redirectResult', 'payload', 'MD', 'PaRes'];

export async function adyenPayerReturn(d: Pick<Deps, 'payments' | 'merchants' | 'callbackQueue' | 'clock' | 'newId' | 'checkoutSessions' | 'cardVault' | 'connectors'>, transId: string, sent: Record<string, string>, acceptLanguage?: string): Promise<PageResult> {
  const payment = PATTERNS.uuid.test(transId) ? await d.payments.get(transId) : undefined;
  if (!payment || payment.connector !== ADYEN) return notFoundPage(browserPageLanguage(acceptLanguage));
  const lang = await paymentPageLanguage(d, payment, acceptLanguage);
  const config = await d.merchants.get(payment.clientKey);
  if (!config) return notFoundPage(lang);
  const payerReturn = Object.fromEntries(Object.entries(sent).filter(([k, v]) => RETURN_FIELDS.includes(k) && v));
  if (isWaitingForChallenge(payment) && Object.keys(payerReturn).length) {
    try {
      await completeChallenge(d, { payment, payerReturn }, { callbacks: recorderFor(d, config, payment.protocol) });
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
  return framedFor(merchant, { statusCode: 200, ...returnPage({ termUrl, target, fields: { trans_id: p.transId, order_id: p.orderId }, lang }) });
}
