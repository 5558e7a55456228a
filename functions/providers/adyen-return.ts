/**
 * GET | POST /providers/adyen/return/{transId} — the payer back from Adyen's 3DS / redirect page (Adyen's returnUrl):
 * the step is completed with Adyen's redirectResult and the payer goes back to the merchant (a Checkout page payment:
 * to its session's success / cancel / error URL).
 */
import { composition } from '../../shared/composition/compose.js';
import { clock, config, newId } from '../../shared/composition/core.js';
import { secrets } from '../../shared/composition/secrets.js';
import { merchants } from '../../shared/composition/merchants.js';
import { payments } from '../../shared/composition/payments.js';
import { callbackQueue } from '../../shared/composition/callback-queue.js';
import { cardVault } from '../../shared/composition/card-vault.js';
import { connectors } from '../../shared/composition/connectors.js';
import { schedules } from '../../shared/composition/schedules.js';
import { checkoutSessions } from '../../shared/composition/checkout-sessions.js';
import { apmConnectors } from '../../shared/composition/apm-connectors.js';
import { risk } from '../../shared/composition/risk.js';
import { header, html, rawBody, type HttpEvent } from '../../shared/http/http.js';
import { parseForm } from '../../shared/protocol/form.js';
import { adyenPayerReturn } from '../../shared/operations/providers/adyen-return.js';
import { httpEndpoint } from '../../shared/http/endpoint.js';

// A card payment's cores, and the Checkout session a page payment completes (operations/checkout/acquirer-step.ts).
const ports = composition({
  config,
  clock,
  newId,
  payments,
  merchants,
  secrets,
  callbackQueue,
  cardVault,
  connectors,
  apmConnectors,
  schedules,
  checkoutSessions,
  risk,
});

export const handler = httpEndpoint('GET|POST /providers/adyen/return/{transId}', async (event: HttpEvent) => {
  const sent: Record<string, string> = { ...(event.queryStringParameters as Record<string, string> | undefined) };
  if (event.requestContext.http.method === 'POST') {
    for (const [k, v] of Object.entries(parseForm(rawBody(event)))) if (typeof v === 'string') sent[k] = v;
  }
  const res = await adyenPayerReturn(ports(), event.pathParameters?.transId ?? '', sent, header(event, 'accept-language'));
  return html(res.statusCode, res.body, res.headers);
});
