/** GET /console/api/reconciliation — operators: payments waiting for the acquirer's answer, oldest first. */
import { consoleRoute } from '../../shared/http/console.js';
import { composition } from '../../shared/composition/compose.js';
import { config } from '../../shared/composition/core.js';
import { payments } from '../../shared/composition/payments.js';
import { reconciliation } from '../../shared/composition/reconciliation.js';
import { workList } from '../../shared/operations/console/reconciliation.js';

export const handler = consoleRoute(
  'GET /console/api/reconciliation',
  { ports: composition({ config, payments, reconciliation }) },
  async ({ cx, p, query }) => ({ body: await workList(cx, p, query) }),
);
