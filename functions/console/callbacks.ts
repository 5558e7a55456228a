/** GET /console/api/callbacks — a merchant's callback delivery log, newest first. */
import { consoleRoute } from '../../shared/entry/http/console.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { CALLBACK_LOG_PORTS } from './ports.js';
import { deliveryLog } from '../../shared/operations/console/callbacks.js';

export const handler = consoleRoute('GET /console/api/callbacks', { ports: composition(CALLBACK_LOG_PORTS) }, async ({ cx, p, query }) => ({
  body: await deliveryLog(cx, p, query),
}));
