/** POST /threeds/{transId}/complete — the payer submitted the authentication page: finish the payment, go back. */
import { composition } from '../../shared/entry/composition/compose.js';
import { PAYMENT_PORTS } from './ports.js';
import { header, html, rawBody, type HttpEvent } from '../../shared/entry/http/http.js';
import { getString, parseForm } from '../../shared/protocol/form.js';
import { submitChallenge } from '../../shared/operations/s2s-card/threeds.js';
import { httpEndpoint } from '../../shared/entry/http/endpoint.js';

const ports = composition(PAYMENT_PORTS);

export const handler = httpEndpoint('POST /threeds/{transId}/complete', async (event: HttpEvent) => {
  const token = getString(parseForm(rawBody(event)), 'PaReq');
  const res = await submitChallenge(ports(), event.pathParameters?.transId ?? '', token, header(event, 'accept-language'));
  return html(res.statusCode, res.body, res.headers);
});
