/** GET /console/api/payments/{transId} — one payment and its timeline (transactions, callback deliveries). */
import { consoleRoute } from '../../shared/http/console.js';
import { composition } from '../../shared/composition/compose.js';
import { config } from '../../shared/composition/core.js';
import { payments } from '../../shared/composition/payments.js';
import { callbacks } from '../../shared/composition/callbacks.js';
import { showPayment } from '../../shared/operations/console/payments.js';

export const handler = consoleRoute(
  'GET /console/api/payments/{transId}',
  { ports: composition({ config, payments, callbacks }) },
  async ({ cx, p, params }) => ({ body: await showPayment(cx, p, params.transId ?? '') }),
);
