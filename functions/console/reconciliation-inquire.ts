/** POST /console/api/reconciliation/{transId}/inquire — operators: ask the acquirer now and resolve what it answers. */
import { consoleRoute } from '../../shared/http/console.js';
import { inquireNow } from '../../shared/operations/console/reconciliation.js';

export const handler = consoleRoute('POST /console/api/reconciliation/{transId}/inquire', async ({ cx, p, params }) => ({
  body: await inquireNow(cx, p, params.transId ?? ''),
}));
