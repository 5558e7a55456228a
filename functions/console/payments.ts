/** GET /console/api/payments — a merchant's payments by order id, trans_id, card last four, status and dates; paged. */
import { consoleRoute } from '../../shared/http/console.js';
import { composition } from '../../shared/composition/compose.js';
import { config } from '../../shared/composition/core.js';
import { payments } from '../../shared/composition/payments.js';
import { searchPayments } from '../../shared/operations/console/payments.js';

export const handler = consoleRoute(
  'GET /console/api/payments',
  { ports: composition({ config, payments }) },
  async ({ cx, p, query }) => ({ body: await searchPayments(cx, p, query) }),
);
