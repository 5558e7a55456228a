/** GET /hosted-fields/demo?token=…[&operation=debit] — a local demo merchant page for the hosted fields. */
import { config } from '../../shared/entry/composition/core.js';
import { html, type HttpEvent } from '../../shared/entry/http/http.js';
import { demoPage } from '../../shared/pages/hosted-fields/pages.js';
import { httpEndpoint } from '../../shared/entry/http/endpoint.js';

export const handler = httpEndpoint('GET /hosted-fields/demo', async (event: HttpEvent) => {
  const q = event.queryStringParameters ?? {};
  const page = demoPage({
    base: config().PUBLIC_BASE_URL.replace(/\/$/, ''),
    token: q.token ?? '',
    operation: q.operation === 'debit' ? 'debit' : 'purchase',
  });
  return html(200, page.body, page.headers);
});
