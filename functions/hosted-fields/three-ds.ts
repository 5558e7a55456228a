/** GET|POST /hosted-fields/3ds/{transId} — the 3DS / redirect page of a hosted-fields payment, and its submission. */
import { deps } from '../../shared/deps.js';
import { header, html, rawBody, type HttpEvent } from '../../shared/http/http.js';
import { getString, parseForm } from '../../shared/protocol/form.js';
import { showChallenge, submitChallenge } from '../../shared/operations/hosted-fields/three-ds.js';
import { httpEndpoint } from '../../shared/http/endpoint.js';

export const handler = httpEndpoint(
  'ANY /hosted-fields/3ds/{transId}',
  async (event: HttpEvent) => {
    const transId = event.pathParameters?.transId ?? '';
    const res =
      event.requestContext.http.method === 'POST'
        ? await submitChallenge(deps(), transId, getString(parseForm(rawBody(event)), 'token'), header(event, 'accept-language'))
        : await showChallenge(deps(), transId, event.queryStringParameters?.token, header(event, 'accept-language'));
    return html(res.statusCode, res.body, res.headers);
  },
);
