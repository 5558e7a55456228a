/** GET /console/api/risk/settings — a merchant's risk thresholds: what applies, what it set, the defaults. */
import { consoleRoute } from '../../shared/entry/http/console.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { RISK_READ_PORTS } from './ports.js';
import { showRiskSettingsInConsole } from '../../shared/operations/console/risk-settings.js';

export const handler = consoleRoute(
  'GET /console/api/risk/settings',
  { ports: composition(RISK_READ_PORTS) },
  async ({ cx, p, query }) => ({
    body: await showRiskSettingsInConsole(cx, p, query),
  }),
);
