/** POST /console/api/merchants/{clientKey}/signing-secret — shows ({}) or rotates ({"rotate":true}) the callback signing secret. */
import { consoleRoute } from '../../shared/entry/http/console.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { SIGNING_SECRET_PORTS } from './ports.js';
import { signingSecret } from '../../shared/operations/console/merchants.js';

export const handler = consoleRoute(
  'POST /console/api/merchants/{clientKey}/signing-secret',
  { ports: composition(SIGNING_SECRET_PORTS) },
  async ({ cx, p, params, body }) => ({
    body: await signingSecret(cx, p, params.clientKey ?? '', body),
  }),
);
