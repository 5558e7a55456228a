/** GET /console/api/merchants/{clientKey}/api-keys — the merchant's API keys: id, type, hint, created, revoked; never a key. */
import { consoleRoute } from '../../shared/entry/http/console.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { API_KEYS_PORTS } from './ports.js';
import { listMerchantApiKeys } from '../../shared/operations/console/api-keys.js';

export const handler = consoleRoute(
  'GET /console/api/merchants/{clientKey}/api-keys',
  { ports: composition(API_KEYS_PORTS) },
  async ({ cx, p, params }) => ({
    body: await listMerchantApiKeys(cx, p, params.clientKey ?? ''),
  }),
);
