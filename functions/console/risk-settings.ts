/** GET /console/api/risk/settings — a merchant's risk thresholds: what applies, what it set, the defaults. */
import { consoleRoute } from '../../shared/http/console.js';
import { composition } from '../../shared/composition/compose.js';
import { config } from '../../shared/composition/core.js';
import { merchants } from '../../shared/composition/merchants.js';
import { risk } from '../../shared/composition/risk.js';
import { showRiskSettingsInConsole } from '../../shared/operations/console/risk-settings.js';

export const handler = consoleRoute(
  'GET /console/api/risk/settings',
  { ports: composition({ config, merchants, risk }) },
  async ({ cx, p, query }) => ({
    body: await showRiskSettingsInConsole(cx, p, query),
  }),
);
