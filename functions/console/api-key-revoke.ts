/** POST /console/api/merchants/{clientKey}/api-keys/{keyId}/revoke — the key is refused from its next request on. */
import { consoleRoute } from '../../shared/http/console.js';
import { composition } from '../../shared/composition/compose.js';
import { config, newId } from '../../shared/composition/core.js';
import { merchants } from '../../shared/composition/merchants.js';
import { apiKeys } from '../../shared/composition/api-keys.js';
import { revokeMerchantApiKey } from '../../shared/operations/console/api-keys.js';

export const handler = consoleRoute(
  'POST /console/api/merchants/{clientKey}/api-keys/{keyId}/revoke',
  { ports: composition({ config, newId, merchants, apiKeys }) },
  async ({ cx, p, params }) => ({
    body: await revokeMerchantApiKey(cx, p, params.clientKey ?? '', params.keyId ?? ''),
  }),
);
