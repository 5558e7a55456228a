/**
 * GET /providers/checkout-com/return/{transId} — the payer back from Checkout.com's 3DS page (the payment's success_url
 * and failure_url): the step is completed by asking Checkout.com about the payment, and the payer goes back to the
 * merchant (a Checkout page payment: to its session's success / cancel / error URL).
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
import { header, html, type HttpEvent } from '../../shared/http/http.js';
import { checkoutComPayerReturn } from '../../shared/operations/providers/checkout-com-return.js';
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

export const handler = httpEndpoint('GET /providers/checkout-com/return/{transId}', async (event: HttpEvent) => {
  const res = await checkoutComPayerReturn(ports(), event.pathParameters?.transId ?? '', header(event, 'accept-language'));
  return html(res.statusCode, res.body, res.headers);
});
