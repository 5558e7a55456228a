/** GET /console/api/chargebacks — a merchant's charged-back payments, newest first. */
import { consoleRoute } from '../../shared/entry/http/console.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { CHARGEBACK_LIST_PORTS } from './ports.js';
import { listChargebacks } from '../../shared/operations/console/chargebacks.js';

export const handler = consoleRoute(
  'GET /console/api/chargebacks',
  { ports: composition(CHARGEBACK_LIST_PORTS) },
  async ({ cx, p, query }) => ({ body: await listChargebacks(cx, p, query) }),
);
