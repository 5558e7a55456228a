/** PUT /console/api/merchants/{clientKey}/routing — operators replace the routing rules, conditional on the version they loaded. */
import { consoleRoute } from '../../shared/http/console.js';
import { composition } from '../../shared/composition/compose.js';
import { clock, config, newId } from '../../shared/composition/core.js';
import { merchants } from '../../shared/composition/merchants.js';
import { replaceRoutingInConsole } from '../../shared/operations/console/routing.js';

export const handler = consoleRoute(
  'PUT /console/api/merchants/{clientKey}/routing',
  { ports: composition({ config, clock, newId, merchants }) },
  async ({ cx, p, params, body }) => ({
    body: await replaceRoutingInConsole(cx, p, params.clientKey ?? '', body),
  }),
);
