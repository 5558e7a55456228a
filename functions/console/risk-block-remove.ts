/** POST /console/api/risk/blocklist/{id}/remove — removes a blocklist entry; the next payment is no longer stopped by it. */
import { consoleRoute } from '../../shared/http/console.js';
import { composition } from '../../shared/composition/compose.js';
import { config, newId } from '../../shared/composition/core.js';
import { risk } from '../../shared/composition/risk.js';
import { removeFromBlocklist } from '../../shared/operations/console/risk-blocklist.js';

export const handler = consoleRoute(
  'POST /console/api/risk/blocklist/{id}/remove',
  { ports: composition({ config, newId, risk }) },
  async ({ cx, p, params }) => ({
    body: await removeFromBlocklist(cx, p, params.id ?? ''),
  }),
);
