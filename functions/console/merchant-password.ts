/** POST /console/api/merchants/{clientKey}/password — a new merchant password, revealed in this answer only. */
import { consoleRoute } from '../../shared/entry/http/console.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { MERCHANT_EDIT_PORTS } from './ports.js';
import { rotatePassword } from '../../shared/operations/console/merchants.js';

export const handler = consoleRoute(
  'POST /console/api/merchants/{clientKey}/password',
  { ports: composition(MERCHANT_EDIT_PORTS) },
  async ({ cx, p, params }) => ({ body: await rotatePassword(cx, p, params.clientKey ?? '') }),
);
