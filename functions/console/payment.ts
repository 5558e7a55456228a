/** GET /console/api/payments/{transId} — one payment and its timeline (transactions, callback deliveries). */
import { consoleRoute } from '../../shared/http/console.js';
import { showPayment } from '../../shared/operations/console/payments.js';

export const handler = consoleRoute('GET /console/api/payments/{transId}', async ({ cx, p, params }) => ({ body: await showPayment(cx, p, params.transId ?? '') }));
