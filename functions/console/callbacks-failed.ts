/** GET /console/api/callbacks/failed — a merchant's callbacks that gave up (the DLQ view), each replayable. */
import { consoleRoute } from '../../shared/entry/http/console.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { CALLBACK_LOG_PORTS } from './ports.js';
import { failedCallbacks } from '../../shared/operations/console/callbacks.js';

export const handler = consoleRoute(
  'GET /console/api/callbacks/failed',
  { ports: composition(CALLBACK_LOG_PORTS) },
  async ({ cx, p, query }) => ({ body: await failedCallbacks(cx, p, query) }),
);
