/** GET /console/api/reconciliation — operators: payments waiting for the acquirer's answer, oldest first. */
import { consoleRoute } from '../../shared/entry/http/console.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { RECONCILIATION_PORTS } from './ports.js';
import { workList } from '../../shared/operations/console/reconciliation.js';

export const handler = consoleRoute(
  'GET /console/api/reconciliation',
  { ports: composition(RECONCILIATION_PORTS) },
  async ({ cx, p, query }) => ({ body: await workList(cx, p, query) }),
);
