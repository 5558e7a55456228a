/** POST /console/api/payments/{transId}/{refund|void|capture} — through the API's payment cores, once per idempotency key. */
import { consoleRoute } from '../../shared/http/console.js';
import { composition } from '../../shared/composition/compose.js';
import { config, clock, newId } from '../../shared/composition/core.js';
import { merchants } from '../../shared/composition/merchants.js';
import { payments } from '../../shared/composition/payments.js';
import { connectors } from '../../shared/composition/connectors.js';
import { callbackQueue } from '../../shared/composition/callback-queue.js';
import { actOnPayment } from '../../shared/operations/console/payment-actions.js';

export const handler = consoleRoute(
  'POST /console/api/payments/{transId}/{action}',
  { ports: composition({ config, clock, newId, merchants, payments, connectors, callbackQueue }) },
  async ({ cx, p, params, body }) => ({
    body: await actOnPayment(cx, p, params.transId ?? '', params.action ?? '', body),
  }),
);
