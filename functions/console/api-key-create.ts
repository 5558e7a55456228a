/** POST /console/api/merchants/{clientKey}/api-keys — a new merchant API key ({"read_only": true} for a read-only one), shown once. */
import { consoleRoute } from '../../shared/entry/http/console.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { API_KEY_EDIT_PORTS } from './ports.js';
import { createMerchantApiKey } from '../../shared/operations/console/api-keys.js';

export const handler = consoleRoute(
  'POST /console/api/merchants/{clientKey}/api-keys',
  { ports: composition(API_KEY_EDIT_PORTS) },
  async ({ cx, p, params, body }) => ({
    status: 201,
    body: await createMerchantApiKey(cx, p, params.clientKey ?? '', body),
  }),
);
