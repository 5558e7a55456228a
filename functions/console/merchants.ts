/** GET /console/api/merchants — every merchant (operators) or the user's own. */
import { consoleRoute } from '../../shared/http/console.js';
import { listMerchants } from '../../shared/operations/console/merchants.js';

export const handler = consoleRoute('GET /console/api/merchants', async ({ cx, p }) => ({ body: { merchants: await listMerchants(cx, p) } }));
