/** POST /console/api/reconciliation/{transId}/inquire — operators: ask the acquirer now and resolve what it answers. */
import { consoleRoute } from '../../shared/http/console.js';
import { composition } from '../../shared/composition/compose.js';
import { config, clock, newId } from '../../shared/composition/core.js';
import { merchants } from '../../shared/composition/merchants.js';
import { payments } from '../../shared/composition/payments.js';
import { connectors } from '../../shared/composition/connectors.js';
import { callbackQueue } from '../../shared/composition/callback-queue.js';
import { reconciliation } from '../../shared/composition/reconciliation.js';
import { inquireNow } from '../../shared/operations/console/reconciliation.js';

export const handler = consoleRoute(
  'POST /console/api/reconciliation/{transId}/inquire',
  { ports: composition({ config, clock, newId, merchants, payments, connectors, callbackQueue, reconciliation }) },
  async ({ cx, p, params }) => ({
    body: await inquireNow(cx, p, params.transId ?? ''),
  }),
);
