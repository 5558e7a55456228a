/** GET /console/api/payments/{transId} — one payment and its timeline (transactions, callback deliveries). */
import { consoleRoute } from '../../shared/entry/http/console.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { PAYMENT_VIEW_PORTS } from './ports.js';
import { showPayment } from '../../shared/operations/console/payments.js';

export const handler = consoleRoute(
  'GET /console/api/payments/{transId}',
  { ports: composition(PAYMENT_VIEW_PORTS) },
  async ({ cx, p, params }) => ({ body: await showPayment(cx, p, params.transId ?? '') }),
);
