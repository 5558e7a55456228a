/** GET /console/api/callbacks — a merchant's callback delivery log, newest first. */
import { consoleRoute } from '../../shared/http/console.js';
import { composition } from '../../shared/composition/compose.js';
import { config } from '../../shared/composition/core.js';
import { callbacks } from '../../shared/composition/callbacks.js';
import { deliveryLog } from '../../shared/operations/console/callbacks.js';

export const handler = consoleRoute(
  'GET /console/api/callbacks',
  { ports: composition({ config, callbacks }) },
  async ({ cx, p, query }) => ({ body: await deliveryLog(cx, p, query) }),
);
