/** POST /console/api/callbacks/replay-failed — {"client_key"}: every failed callback of the merchant, dead letters included. */
import { consoleRoute } from '../../shared/entry/http/console.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { CALLBACK_REPLAY_ALL_PORTS } from './ports.js';
import { replayAllFailed } from '../../shared/operations/console/callbacks.js';

export const handler = consoleRoute(
  'POST /console/api/callbacks/replay-failed',
  { ports: composition(CALLBACK_REPLAY_ALL_PORTS) },
  async ({ cx, p, body }) => ({ body: await replayAllFailed(cx, p, body) }),
);
