/** GET /console/api/merchants/{clientKey} — settings (no password), MIDs with their health, and wallet settings (no keys). */
import { consoleRoute } from '../../shared/entry/http/console.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { MERCHANT_PORTS } from './ports.js';
import { showMerchant } from '../../shared/operations/console/merchants.js';

export const handler = consoleRoute(
  'GET /console/api/merchants/{clientKey}',
  { ports: composition(MERCHANT_PORTS) },
  async ({ cx, p, params }) => ({ body: await showMerchant(cx, p, params.clientKey ?? '') }),
);
