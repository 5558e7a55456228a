/** GET /console/api/schedules — a merchant's recurring schedules, newest first, paged. */
import { consoleRoute } from '../../shared/entry/http/console.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { CONSOLE_PORTS } from './ports.js';
import { listSchedules } from '../../shared/operations/console/schedules.js';

export const handler = consoleRoute('GET /console/api/schedules', { ports: composition(CONSOLE_PORTS) }, async ({ cx, p, query }) => ({
  body: await listSchedules(cx, p, query),
}));
