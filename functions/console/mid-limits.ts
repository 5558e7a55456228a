/** PUT /console/api/merchants/{clientKey}/mids/{midId}/limits — operators set a MID's amount limits and daily cap. */
import { consoleRoute } from '../../shared/entry/http/console.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { MERCHANT_EDIT_PORTS } from './ports.js';
import { updateMidLimitsInConsole } from '../../shared/operations/console/mid-limits.js';

export const handler = consoleRoute(
  'PUT /console/api/merchants/{clientKey}/mids/{midId}/limits',
  { ports: composition(MERCHANT_EDIT_PORTS) },
  async ({ cx, p, params, body }) => ({
    body: await updateMidLimitsInConsole(cx, p, params.clientKey ?? '', params.midId ?? '', body),
  }),
);
