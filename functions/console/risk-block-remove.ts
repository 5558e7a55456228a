/** POST /console/api/risk/blocklist/{id}/remove — removes a blocklist entry; the next payment is no longer stopped by it. */
import { consoleRoute } from '../../shared/entry/http/console.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { RISK_BLOCK_REMOVE_PORTS } from './ports.js';
import { removeFromBlocklist } from '../../shared/operations/console/risk-blocklist.js';

export const handler = consoleRoute(
  'POST /console/api/risk/blocklist/{id}/remove',
  { ports: composition(RISK_BLOCK_REMOVE_PORTS) },
  async ({ cx, p, params }) => ({
    body: await removeFromBlocklist(cx, p, params.id ?? ''),
  }),
);
