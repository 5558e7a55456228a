/** PUT /console/api/risk/settings — operators set a merchant's risk thresholds (`reset`: back to the defaults first). */
import { consoleRoute } from '../../shared/http/console.js';
import { composition } from '../../shared/composition/compose.js';
import { config, newId } from '../../shared/composition/core.js';
import { merchants } from '../../shared/composition/merchants.js';
import { risk } from '../../shared/composition/risk.js';
import { replaceRiskSettingsInConsole } from '../../shared/operations/console/risk-settings.js';

export const handler = consoleRoute(
  'PUT /console/api/risk/settings',
  { ports: composition({ config, newId, merchants, risk }) },
  async ({ cx, p, body }) => ({
    body: await replaceRiskSettingsInConsole(cx, p, body),
  }),
);
