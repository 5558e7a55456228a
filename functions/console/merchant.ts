/** GET /console/api/merchants/{clientKey} — settings (no password), MIDs and wallet settings (no keys). */
import { consoleRoute } from '../../shared/http/console.js';
import { showMerchant } from '../../shared/operations/console/merchants.js';

export const handler = consoleRoute('GET /console/api/merchants/{clientKey}', async ({ cx, p, params }) => ({ body: await showMerchant(cx, p, params.clientKey ?? '') }));
