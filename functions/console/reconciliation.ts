/** GET /console/api/reconciliation — operators: payments waiting for the acquirer's answer, oldest first. */
import { consoleRoute } from '../../shared/http/console.js';
import { workList } from '../../shared/operations/console/reconciliation.js';

export const handler = consoleRoute('GET /console/api/reconciliation', async ({ cx, p, query }) => ({ body: await workList(cx, p, query) }));
