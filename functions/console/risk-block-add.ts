/** POST /console/api/risk/blocklist — adds an entry (a card by a payment's trans_id, never a number) to a blocklist. */
import { consoleRoute } from '../../shared/entry/http/console.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { RISK_BLOCK_ADD_PORTS } from './ports.js';
import { addToBlocklist } from '../../shared/operations/console/risk-blocklist.js';

export const handler = consoleRoute(
  'POST /console/api/risk/blocklist',
  { ports: composition(RISK_BLOCK_ADD_PORTS) },
  async ({ cx, p, body }) => ({
    status: 201,
    body: await addToBlocklist(cx, p, body),
  }),
);
