/** POST /console/api/callbacks/replay — {"trans_id", "callback": seq or event id}: sends that callback again. */
import { consoleRoute } from '../../shared/entry/http/console.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { CALLBACK_REPLAY_PORTS } from './ports.js';
import { replayOne } from '../../shared/operations/console/callbacks.js';

export const handler = consoleRoute(
  'POST /console/api/callbacks/replay',
  { ports: composition(CALLBACK_REPLAY_PORTS) },
  async ({ cx, p, body }) => {
    const transId = typeof body === 'object' && body && 'trans_id' in body ? String(body.trans_id) : '';
    return { body: await replayOne(cx, p, transId, body) };
  },
);
