/**
 * The payer back from Adyen's 3DS / redirect page (GET or POST /providers/adyen/return/{transId}: Adyen's returnUrl,
 * with its redirectResult in the query or the form). The payment waiting for that step is completed once with what
 * the payer brought (the connector's /payments/details), then the payer goes back to the merchant (payer-return.ts).
 *
 * Nothing the payer brings decides by itself: Adyen answers /payments/details, and a result Adyen refuses leaves the
 * step to Adyen's AUTHORISATION webhook. What the payer brings may be another payment's result: Adyen's answer then
 * names that payment, and the registry refuses it as an answer (connectors/answer-binding.ts), leaving this payment
 * undetermined for the webhook. A concurrent completion (the webhook, a second tab) makes this one a no-op.
 */
import { ADYEN } from '../../protocol/providers/adyen-webhook.js';
import type { PageResult } from '../pages/challenge-page.js';
import { payerBackFromAcquirer, type PayerReturnDeps } from './payer-return.js';

/** What Adyen may append to the returnUrl; anything else the payer's browser sends is dropped. */
const RETURN_FIELDS = ['redirectResult', 'payload', 'MD', 'PaRes'];

export function adyenPayerReturn(
  d: PayerReturnDeps,
  transId: string,
  sent: Record<string, string>,
  acceptLanguage?: string,
): Promise<PageResult> {
  const payerReturn = Object.fromEntries(Object.entries(sent).filter(([k, v]) => RETURN_FIELDS.includes(k) && v));
  return payerBackFromAcquirer(d, ADYEN, transId, { acceptLanguage, payerReturn });
}
