/** POST /console/api/reconciliation/{transId}/inquire — operators: ask the acquirer now and resolve what it answers. */
import { consoleRoute } from '../../shared/entry/http/console.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { INQUIRY_PORTS } from './ports.js';
import { inquireNow } from '../../shared/operations/console/reconciliation.js';

export const handler = consoleRoute(
  'POST /console/api/reconciliation/{transId}/inquire',
  { ports: composition(INQUIRY_PORTS) },
  async ({ cx, p, params }) => ({
    body: await inquireNow(cx, p, params.transId ?? ''),
  }),
);
