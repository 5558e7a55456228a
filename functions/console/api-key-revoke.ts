/** POST /console/api/merchants/{clientKey}/api-keys/{keyId}/revoke — the key is refused from its next request on. */
import { consoleRoute } from '../../shared/entry/http/console.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { API_KEY_EDIT_PORTS } from './ports.js';
import { revokeMerchantApiKey } from '../../shared/operations/console/api-keys.js';

export const handler = consoleRoute(
  'POST /console/api/merchants/{clientKey}/api-keys/{keyId}/revoke',
  { ports: composition(API_KEY_EDIT_PORTS) },
  async ({ cx, p, params }) => ({
    body: await revokeMerchantApiKey(cx, p, params.clientKey ?? '', params.keyId ?? ''),
  }),
);
