/** GET /console/api/callbacks — a merchant's callback delivery log, newest first. */
import { consoleRoute } from '../../shared/http/console.js';
import { deliveryLog } from '../../shared/operations/console/callbacks.js';

export const handler = consoleRoute('GET /console/api/callbacks', async ({ cx, p, query }) => ({ body: await deliveryLog(cx, p, query) }));
