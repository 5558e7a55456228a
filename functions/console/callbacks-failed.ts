/** GET /console/api/callbacks/failed — a merchant's callbacks that gave up (the DLQ view), each replayable. */
import { consoleRoute } from '../../shared/http/console.js';
import { composition } from '../../shared/composition/compose.js';
import { config } from '../../shared/composition/core.js';
import { callbacks } from '../../shared/composition/callbacks.js';
import { failedCallbacks } from '../../shared/operations/console/callbacks.js';

export const handler = consoleRoute(
  'GET /console/api/callbacks/failed',
  { ports: composition({ config, callbacks }) },
  async ({ cx, p, query }) => ({ body: await failedCallbacks(cx, p, query) }),
);
