/** POST /console/api/merchants — operators create a merchant; its password is in this answer only. */
import { consoleRoute } from '../../shared/http/console.js';
import { createMerchantFromConsole } from '../../shared/operations/console/merchants.js';

export const handler = consoleRoute('POST /console/api/merchants', async ({ cx, p, body }) => ({ status: 201, body: await createMerchantFromConsole(cx, p, body) }));
