/** GET|POST /hosted-fields/3ds/{transId} — the 3DS / redirect page of a hosted-fields payment, and its submission. */
import { composition } from '../../shared/entry/composition/compose.js';
import { PAYMENT_PORTS } from './ports.js';
import { header, html, rawBody, type HttpEvent } from '../../shared/entry/http/http.js';
import { getString, parseForm } from '../../shared/protocol/form.js';
import { showChallenge, submitChallenge } from '../../shared/operations/hosted-fields/three-ds.js';
import { httpEndpoint } from '../../shared/entry/http/endpoint.js';

const ports = composition(PAYMENT_PORTS);

export const handler = httpEndpoint('GET|POST /hosted-fields/3ds/{transId}', async (event: HttpEvent) => {
  const transId = event.pathParameters?.transId ?? '';
  const res =
    event.requestContext.http.method === 'POST'
      ? await submitChallenge(ports(), transId, getString(parseForm(rawBody(event)), 'token'), header(event, 'accept-language'))
      : await showChallenge(ports(), transId, event.queryStringParameters?.token, header(event, 'accept-language'));
  return html(res.statusCode, res.body, res.headers);
});
