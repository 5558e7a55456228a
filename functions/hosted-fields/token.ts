/** POST /api/v1/session/token — creates a Hosted Payment Fields session; answers {"token"}. */
import { deps } from '../../shared/deps.js';
import { json, rawBody, type HttpEvent } from '../../shared/http/http.js';
import { createSessionToken } from '../../shared/operations/hosted-fields/create-token.js';
import { httpEndpoint } from '../../shared/http/endpoint.js';

export const handler = httpEndpoint(
  'POST /api/v1/session/token',
  async (event: HttpEvent) => {
    // The caller's IP stands in for customer.ip when the merchant omits it.
    const { token } = await createSessionToken(deps(), rawBody(event), event.requestContext.http.sourceIp);
    return json(200, { token });
  },
);
