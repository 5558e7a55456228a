/** POST /console/api/merchants/{clientKey}/mids — operators add a MID (connector, payment mode, MOTO, zero amount). */
import { consoleRoute } from '../../shared/http/console.js';
import { composition } from '../../shared/composition/compose.js';
import { config, newId } from '../../shared/composition/core.js';
import { merchants } from '../../shared/composition/merchants.js';
import { connectors } from '../../shared/composition/connectors.js';
import { secrets } from '../../shared/composition/secrets.js';
import { createMidFromConsole } from '../../shared/operations/console/merchants.js';
import type { ConsoleMidCreateAnswer } from '../../shared/protocol/console/answers.js';

export const handler = consoleRoute(
  'POST /console/api/merchants/{clientKey}/mids',
  { ports: composition({ config, newId, merchants, connectors, secrets }) },
  async ({ cx, p, params, body }) => ({
    status: 201,
    body: { mid: await createMidFromConsole(cx, p, params.clientKey ?? '', body) } satisfies ConsoleMidCreateAnswer,
  }),
);
