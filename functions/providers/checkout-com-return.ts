/**
 * GET /providers/checkout-com/return/{transId} — the payer back from Checkout.com's 3DS page (the payment's success_url
 * and failure_url): the step is completed by asking Checkout.com about the payment, and the payer goes back to the
 * merchant (a Checkout page payment: to its session's success / cancel / error URL).
 */
import { composition } from '../../shared/entry/composition/compose.js';
import { RETURN_PORTS } from './ports.js';
import { header, html, type HttpEvent } from '../../shared/entry/http/http.js';
import { checkoutComPayerReturn } from '../../shared/operations/providers/checkout-com-return.js';
import { httpEndpoint } from '../../shared/entry/http/endpoint.js';

const ports = composition(RETURN_PORTS);

export const handler = httpEndpoint('GET /providers/checkout-com/return/{transId}', async (event: HttpEvent) => {
  const res = await checkoutComPayerReturn(ports(), event.pathParameters?.transId ?? '', header(event, 'accept-language'));
  return html(res.statusCode, res.body, res.headers);
});
