/**
 * A card payment whose acquirer runs 3DS on its own page (Adyen's RedirectShopper `action`), shared by the payer
 * pages that would otherwise show the platform's own 3DS step (the Checkout page, the hosted-fields redirect_url):
 * the payer is sent to the acquirer's action instead, and comes back through the acquirer's return route
 * (operations/providers/adyen-return.ts), which completes the payment and sends the payer on to the merchant.
 */
import type { Deps } from '../deps.js';
import type { Payment } from '../../domain/payment.js';
import type { ConnectorRedirect } from '../../ports/connector.js';
import type { PageLanguage } from '../../pages/i18n.js';
import { renderAcquirerStep } from '../../pages/checkout/acquirer-step.js';
import { isWaitingForChallenge } from '../payment/index.js';
import { framedForMerchantOf } from './framing.js';
import type { PageResult } from './challenge-page.js';

/** The acquirer's page the payer must visit now, if the payment waits for one. */
export function acquirerStep(p: Payment): ConnectorRedirect | undefined {
  return isWaitingForChallenge(p) ? p.details.acquirerRedirect : undefined;
}

/** The hand-over to the acquirer's page (a 303, or a form posting only to the acquirer), framed as the merchant allows. */
export function toAcquirerPage(d: Pick<Deps, 'merchants'>, p: Payment, step: ConnectorRedirect, lang: PageLanguage): Promise<PageResult> {
  return framedForMerchantOf(d, p.clientKey, renderAcquirerStep(step, lang));
}
