/** POST /console/api/callbacks/replay — {"trans_id", "callback": seq or event id}: sends that callback again. */
import { consoleRoute } from '../../shared/http/console.js';
import { composition } from '../../shared/composition/compose.js';
import { config, newId } from '../../shared/composition/core.js';
import { payments } from '../../shared/composition/payments.js';
import { callbacks } from '../../shared/composition/callbacks.js';
import { replayOne } from '../../shared/operations/console/callbacks.js';

export const handler = consoleRoute(
  'POST /console/api/callbacks/replay',
  { ports: composition({ config, newId, payments, callbacks }) },
  async ({ cx, p, body }) => {
    const transId = typeof body === 'object' && body && 'trans_id' in body ? String(body.trans_id) : '';
    return { body: await replayOne(cx, p, transId, body) };
  },
);
