/** GET /console/api/payments — a merchant's payments by order id, trans_id, card last four, status and dates; paged. */
import { consoleRoute } from '../../shared/entry/http/console.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { PAYMENT_SEARCH_PORTS } from './ports.js';
import { searchPayments } from '../../shared/operations/console/payments.js';

export const handler = consoleRoute(
  'GET /console/api/payments',
  { ports: composition(PAYMENT_SEARCH_PORTS) },
  async ({ cx, p, query }) => ({ body: await searchPayments(cx, p, query) }),
);
