/** GET /console/api/audit — the audit log, newest first (a merchant's own entries; operators all). */
import { consoleRoute } from '../../shared/entry/http/console.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { CONSOLE_PORTS } from './ports.js';
import { auditLog } from '../../shared/operations/console/audit-log.js';

export const handler = consoleRoute('GET /console/api/audit', { ports: composition(CONSOLE_PORTS) }, async ({ cx, p, query }) => ({
  body: await auditLog(cx, p, query),
}));
