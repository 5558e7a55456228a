/**
 * The payer back from Checkout.com's 3DS page (GET /providers/checkout-com/return/{transId}: the payment's success_url
 * and failure_url, with Checkout.com's cko-session-id in the query). The payment waiting for that step is completed
 * once by asking Checkout.com about it (the connector's GET /payments/{id}, by the id Checkout.com gave us: what the
 * payer brings is never used, it could name another payment), then the payer goes on to the merchant
 * (payer-return.ts).
 */
import { CHECKOUT_COM } from '../../protocol/providers/checkout-com-webhook.js';
import type { PageResult } from '../pages/challenge-page.js';
import { payerBackFromAcquirer, type PayerReturnDeps } from './payer-return.js';

export function checkoutComPayerReturn(d: PayerReturnDeps, transId: string, acceptLanguage?: string): Promise<PageResult> {
  return payerBackFromAcquirer(d, CHECKOUT_COM, transId, { acceptLanguage });
}
