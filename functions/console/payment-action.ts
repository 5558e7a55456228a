/** POST /console/api/payments/{transId}/{refund|void|capture} — through the API's payment cores, once per idempotency key. */
import { consoleRoute } from '../../shared/entry/http/console.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { PAYMENT_ACTION_PORTS } from './ports.js';
import { actOnPayment } from '../../shared/operations/console/payment-actions.js';

export const handler = consoleRoute(
  'POST /console/api/payments/{transId}/{action}',
  { ports: composition(PAYMENT_ACTION_PORTS) },
  async ({ cx, p, params, body }) => ({
    body: await actOnPayment(cx, p, params.transId ?? '', params.action ?? '', body),
  }),
);
