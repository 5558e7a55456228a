/** POST /console/api/merchants/{clientKey}/mids — operators add a MID (connector, payment mode, MOTO, zero amount). */
import { consoleRoute } from '../../shared/http/console.js';
import { createMidFromConsole } from '../../shared/operations/console/merchants.js';

export const handler = consoleRoute('POST /console/api/merchants/{clientKey}/mids', async ({ cx, p, params, body }) => ({
  status: 201,
  body: { mid: await createMidFromConsole(cx, p, params.clientKey ?? '', body) },
}));
