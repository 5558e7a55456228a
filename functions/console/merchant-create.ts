/** POST /console/api/merchants — operators create a merchant; its password is in this answer only. */
import { consoleRoute } from '../../shared/http/console.js';
import { composition } from '../../shared/composition/compose.js';
import { config, clock, newId } from '../../shared/composition/core.js';
import { merchants } from '../../shared/composition/merchants.js';
import { createMerchantFromConsole } from '../../shared/operations/console/merchants.js';

export const handler = consoleRoute(
  'POST /console/api/merchants',
  { ports: composition({ config, clock, newId, merchants }) },
  async ({ cx, p, body }) => ({ status: 201, body: await createMerchantFromConsole(cx, p, body) }),
);
