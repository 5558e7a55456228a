/** PUT /console/api/risk/settings — operators set a merchant's risk thresholds (`reset`: back to the defaults first). */
import { consoleRoute } from '../../shared/entry/http/console.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { RISK_SETTINGS_EDIT_PORTS } from './ports.js';
import { replaceRiskSettingsInConsole } from '../../shared/operations/console/risk-settings.js';

export const handler = consoleRoute(
  'PUT /console/api/risk/settings',
  { ports: composition(RISK_SETTINGS_EDIT_PORTS) },
  async ({ cx, p, body }) => ({
    body: await replaceRiskSettingsInConsole(cx, p, body),
  }),
);
