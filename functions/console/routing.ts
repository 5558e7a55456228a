/** GET /console/api/merchants/{clientKey}/routing — operators: the merchant's routing rules and their version. */
import { consoleRoute } from '../../shared/entry/http/console.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { MERCHANT_READ_PORTS } from './ports.js';
import { showRoutingInConsole } from '../../shared/operations/console/routing.js';

export const handler = consoleRoute(
  'GET /console/api/merchants/{clientKey}/routing',
  { ports: composition(MERCHANT_READ_PORTS) },
  async ({ cx, p, params }) => ({
    body: await showRoutingInConsole(cx, p, params.clientKey ?? ''),
  }),
);
