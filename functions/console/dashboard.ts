/** GET /console/api/dashboard?range=24h|30d — payments, approval rate, callback delivery and undetermined payments over time. */
import { consoleRoute } from '../../shared/entry/http/console.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { DASHBOARD_PORTS } from './ports.js';
import { dashboard } from '../../shared/operations/console/dashboard.js';

export const handler = consoleRoute('GET /console/api/dashboard', { ports: composition(DASHBOARD_PORTS) }, async ({ cx, p, query }) => ({
  body: await dashboard(cx, p, query),
}));
