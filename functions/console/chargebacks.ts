/** GET /console/api/chargebacks — a merchant's charged-back payments, newest first. */
import { consoleRoute } from '../../shared/http/console.js';
import { listChargebacks } from '../../shared/operations/console/chargebacks.js';

export const handler = consoleRoute('GET /console/api/chargebacks', async ({ cx, p, query }) => ({ body: await listChargebacks(cx, p, query) }));
