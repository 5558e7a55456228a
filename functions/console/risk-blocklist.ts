/** GET /console/api/risk/blocklist — a blocklist: `?scope=platform` (operators) or a merchant's (`?client_key=`). */
import { consoleRoute } from '../../shared/entry/http/console.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { RISK_READ_PORTS } from './ports.js';
import { listBlocklist } from '../../shared/operations/console/risk-blocklist.js';

export const handler = consoleRoute(
  'GET /console/api/risk/blocklist',
  { ports: composition(RISK_READ_PORTS) },
  async ({ cx, p, query }) => ({
    body: await listBlocklist(cx, p, query),
  }),
);
