/** GET|POST /threeds/{transId} — the authentication page a 3DS / REDIRECT answer points the payer to. */
import { composition } from '../../shared/entry/composition/compose.js';
import { PAYMENT_PORTS } from './ports.js';
import { header, html, rawBody, type HttpEvent } from '../../shared/entry/http/http.js';
import { getString, parseForm } from '../../shared/protocol/form.js';
import { showChallenge } from '../../shared/operations/s2s-card/threeds.js';
import { httpEndpoint } from '../../shared/entry/http/endpoint.js';

const ports = composition(PAYMENT_PORTS);

export const handler = httpEndpoint('GET|POST /threeds/{transId}', async (event: HttpEvent) => {
  const token = getString(parseForm(rawBody(event)), 'PaReq') ?? event.queryStringParameters?.PaReq;
  const res = await showChallenge(ports(), event.pathParameters?.transId ?? '', token, header(event, 'accept-language'));
  return html(res.statusCode, res.body, res.headers);
});
