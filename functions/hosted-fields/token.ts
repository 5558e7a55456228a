/** POST /api/v1/session/token — creates a Hosted Payment Fields session; answers {"token"}. */
import { composition } from '../../shared/composition/compose.js';
import { clock, config, newId } from '../../shared/composition/core.js';
import { merchants } from '../../shared/composition/merchants.js';
import { checkoutSessions } from '../../shared/composition/checkout-sessions.js';
import { schedules } from '../../shared/composition/schedules.js';
import { json, rawBody, type HttpEvent } from '../../shared/http/http.js';
import { createSessionToken } from '../../shared/operations/hosted-fields/create-token.js';
import { httpEndpoint } from '../../shared/http/endpoint.js';

const ports = composition({ config, clock, newId, merchants, checkoutSessions, schedules });

export const handler = httpEndpoint('POST /api/v1/session/token', async (event: HttpEvent) => {
  // The caller's IP stands in for customer.ip when the merchant omits it.
  const { token } = await createSessionToken(ports(), rawBody(event), event.requestContext.http.sourceIp);
  return json(200, { token });
});
