/** GET /console/api/audit — the audit log, newest first (a merchant's own entries; operators all). */
import { consoleRoute } from '../../shared/http/console.js';
import { auditLog } from '../../shared/operations/console/audit-log.js';

export const handler = consoleRoute('GET /console/api/audit', async ({ cx, p, query }) => ({ body: await auditLog(cx, p, query) }));
