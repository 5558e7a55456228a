/** POST /console/api/merchants/{clientKey}/signing-secret — shows ({}) or rotates ({"rotate":true}) the callback signing secret. */
import { consoleRoute } from '../../shared/http/console.js';
import { composition } from '../../shared/composition/compose.js';
import { config, newId } from '../../shared/composition/core.js';
import { merchants } from '../../shared/composition/merchants.js';
import { callbacks } from '../../shared/composition/callbacks.js';
import { signingSecret } from '../../shared/operations/console/merchants.js';

export const handler = consoleRoute(
  'POST /console/api/merchants/{clientKey}/signing-secret',
  { ports: composition({ config, newId, merchants, callbacks }) },
  async ({ cx, p, params, body }) => ({
    body: await signingSecret(cx, p, params.clientKey ?? '', body),
  }),
);
