/** POST /api/v1/session/token — creates a Hosted Payment Fields session; answers {"token"}. */
import { composition } from '../../shared/entry/composition/compose.js';
import { TOKEN_PORTS } from './ports.js';
import { json, rawBody, type HttpEvent } from '../../shared/entry/http/http.js';
import { createSessionToken } from '../../shared/operations/hosted-fields/create-token.js';
import { httpEndpoint } from '../../shared/entry/http/endpoint.js';

const ports = composition(TOKEN_PORTS);

export const handler = httpEndpoint('POST /api/v1/session/token', async (event: HttpEvent) => {
  // The caller's IP stands in for customer.ip when the merchant omits it.
  return json(200, await createSessionToken(ports(), rawBody(event), event.requestContext.http.sourceIp));
});
