/**
 * The payer back from Checkout.com's 3DS page (GET /providers/checkout-com/return/{transId}: the payment's success_url
 * and failure_url, with Checkout.com's cko-session-id in the query). The payment waiting for that step is completed
 * once by asking Checkout.com about it (the connector's GET /payments/{id}, by the id Checkout.com gave us: what the
 * payer brings is never used, it could name another payment), then the payer goes on to the merchant as from Adyen's
 * page (adyen-return.ts): term_url_3ds, the Checkout page session's URL, hosted fields' return_url, or a
 * "processed" page. A concurrent completion (the webhook, a second tab) makes this one a no-op.
 */
import type { Deps } from '../deps.js';
import { BusinessRuleError, ConflictError } from '../../errors.js';
import { PATTERNS } from '../../protocol/fields.js';
import { CHECKOUT_COM } from '../../protocol/providers/checkout-com-webhook.js';
import { completeChallenge, isWaitingForChallenge } from '../payment/challenge.js';
import { recorderFor } from '../reconciliation/recorders.js';
import { notFoundPage, seeOther, type PageResult } from '../pages/challenge-page.js';
import { returnFromAcquirer } from '../checkout/acquirer-step.js';
import { backToReturnUrl } from '../hosted-fields/three-ds.js';
import { browserPageLanguage, paymentPageLanguage } from '../pages/language.js';
import { backToMerchant } from './adyen-return.js';

export async function checkoutComPayerReturn(d: Pick<Deps, 'payments' | 'merchants' | 'callbackQueue' | 'clock' | 'newId' | 'checkoutSessions' | 'cardVault' | 'connectors'>, transId: string, acceptLanguage?: string): Promise<PageResult> {
  const payment = PATTERNS.uuid.test(transId) ? await d.payments.get(transId) : undefined;
  if (!payment || payment.connector !== CHECKOUT_COM) return notFoundPage(browserPageLanguage(acceptLanguage));
  const lang = await paymentPageLanguage(d, payment, acceptLanguage);
  const config = await d.merchants.get(payment.clientKey);
  if (!config) return notFoundPage(lang);
  if (isWaitingForChallenge(payment)) {
    try {
      await completeChallenge(d, { payment }, { callbacks: recorderFor(d, config, payment.protocol) });
    } catch (err) {
      if (!(err instanceof ConflictError || err instanceof BusinessRuleError)) throw err;
    }
  }
  // A Checkout page payment: its session completes and the payer goes to the merchant's URL for the outcome.
  const latest = payment.protocol === 'checkout' ? await d.payments.get(payment.transId) : undefined;
  if (latest?.details.hostedFields) return backToReturnUrl(d, latest, lang);
  const checkoutReturn = latest && (await returnFromAcquirer(d, latest, config.merchant));
  if (checkoutReturn) return seeOther(checkoutReturn);
  return backToMerchant(payment, config.merchant, lang);
}
