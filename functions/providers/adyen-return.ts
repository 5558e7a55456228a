/**
 * GET|POST /providers/adyen/return/{transId} — the payer back from Adyen's 3DS / redirect page (Adyen's returnUrl):
 * the step is completed with Adyen's redirectResult and the payer goes back to the merchant (a Checkout page payment:
 * to its session's success / cancel / error URL).
 */
import { composition } from '../../shared/entry/composition/compose.js';
import { RETURN_PORTS } from './ports.js';
import { header, html, rawBody, type HttpEvent } from '../../shared/entry/http/http.js';
import { parseForm } from '../../shared/protocol/form.js';
import { adyenPayerReturn } from '../../shared/operations/providers/adyen-return.js';
import { httpEndpoint } from '../../shared/entry/http/endpoint.js';

const ports = composition(RETURN_PORTS);

export const handler = httpEndpoint('GET|POST /providers/adyen/return/{transId}', async (event: HttpEvent) => {
  const sent: Record<string, string> = { ...(event.queryStringParameters as Record<string, string> | undefined) };
  if (event.requestContext.http.method === 'POST') {
    for (const [k, v] of Object.entries(parseForm(rawBody(event)))) if (typeof v === 'string') sent[k] = v;
  }
  const res = await adyenPayerReturn(ports(), event.pathParameters?.transId ?? '', sent, header(event, 'accept-language'));
  return html(res.statusCode, res.body, res.headers);
});
