/** POST /console/api/merchants — operators create a merchant; its password is in this answer only. */
import { consoleRoute } from '../../shared/entry/http/console.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { MERCHANT_CREATE_PORTS } from './ports.js';
import { createMerchantFromConsole } from '../../shared/operations/console/merchants.js';

export const handler = consoleRoute(
  'POST /console/api/merchants',
  { ports: composition(MERCHANT_CREATE_PORTS) },
  async ({ cx, p, body }) => ({ status: 201, body: await createMerchantFromConsole(cx, p, body) }),
);
