/** GET|POST /post-va/redirect/{transId} — the sandbox method's page of an APM REDIRECT answer, and the payer's decision. */
import { deps } from '../../shared/deps.js';
import { header, html, rawBody, type HttpEvent } from '../../shared/http/http.js';
import { getString, parseForm } from '../../shared/protocol/form.js';
import { showMethodPage, submitMethodPage } from '../../shared/operations/s2s-apm/method-page.js';
import { httpEndpoint } from '../../shared/http/endpoint.js';

export const handler = httpEndpoint(
  'ANY /post-va/redirect/{transId}',
  async (event: HttpEvent) => {
    const transId = event.pathParameters?.transId ?? '';
    const res =
      event.requestContext?.http?.method === 'POST'
        ? await (async () => {
            const form = parseForm(rawBody(event));
            return submitMethodPage(deps(), transId, getString(form, 'token'), getString(form, 'decision'), form.collect, header(event, 'accept-language'));
          })()
        : await showMethodPage(deps(), transId, event.queryStringParameters?.token, header(event, 'accept-language'));
    return html(res.statusCode, res.body, res.headers);
  },
);
