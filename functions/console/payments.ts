/** GET /console/api/payments — a merchant's payments by order id, trans_id, card last four, status and dates; paged. */
import { consoleRoute } from '../../shared/http/console.js';
import { searchPayments } from '../../shared/operations/console/payments.js';

export const handler = consoleRoute('GET /console/api/payments', async ({ cx, p, query }) => ({ body: await searchPayments(cx, p, query) }));
