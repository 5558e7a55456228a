/** POST /console/api/merchants/{clientKey}/mids — operators add a MID (connector, payment mode, MOTO, zero amount). */
import { consoleRoute } from '../../shared/entry/http/console.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { MID_CREATE_PORTS } from './ports.js';
import { createMidFromConsole } from '../../shared/operations/console/merchants.js';
import type { ConsoleMidCreateAnswer } from '../../shared/protocol/console/answers.js';

export const handler = consoleRoute(
  'POST /console/api/merchants/{clientKey}/mids',
  { ports: composition(MID_CREATE_PORTS) },
  async ({ cx, p, params, body }) => ({
    status: 201,
    body: { mid: await createMidFromConsole(cx, p, params.clientKey ?? '', body) } satisfies ConsoleMidCreateAnswer,
  }),
);
