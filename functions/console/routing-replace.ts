/** PUT /console/api/merchants/{clientKey}/routing — operators replace the routing rules, conditional on the version they loaded. */
import { consoleRoute } from '../../shared/entry/http/console.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { MERCHANT_CREATE_PORTS } from './ports.js';
import { replaceRoutingInConsole } from '../../shared/operations/console/routing.js';

export const handler = consoleRoute(
  'PUT /console/api/merchants/{clientKey}/routing',
  { ports: composition(MERCHANT_CREATE_PORTS) },
  async ({ cx, p, params, body }) => ({
    body: await replaceRoutingInConsole(cx, p, params.clientKey ?? '', body),
  }),
);
