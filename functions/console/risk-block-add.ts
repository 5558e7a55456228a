/** POST /console/api/risk/blocklist — adds an entry (a card by a payment's trans_id, never a number) to a blocklist. */
import { consoleRoute } from '../../shared/http/console.js';
import { composition } from '../../shared/composition/compose.js';
import { clock, config, newId } from '../../shared/composition/core.js';
import { merchants } from '../../shared/composition/merchants.js';
import { payments } from '../../shared/composition/payments.js';
import { risk } from '../../shared/composition/risk.js';
import { addToBlocklist } from '../../shared/operations/console/risk-blocklist.js';

export const handler = consoleRoute(
  'POST /console/api/risk/blocklist',
  { ports: composition({ config, clock, newId, merchants, payments, risk }) },
  async ({ cx, p, body }) => ({
    status: 201,
    body: await addToBlocklist(cx, p, body),
  }),
);
