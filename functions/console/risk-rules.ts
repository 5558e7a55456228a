/** GET /console/api/risk/rules — a merchant's risk rules, in order (`?client_key=` for operators). */
import { consoleRoute } from '../../shared/http/console.js';
import { composition } from '../../shared/composition/compose.js';
import { clock, config } from '../../shared/composition/core.js';
import { merchants } from '../../shared/composition/merchants.js';
import { risk } from '../../shared/composition/risk.js';
import { showRiskRulesInConsole } from '../../shared/operations/console/risk-rules.js';

export const handler = consoleRoute(
  'GET /console/api/risk/rules',
  { ports: composition({ config, clock, merchants, risk }) },
  async ({ cx, p, query }) => ({
    body: await showRiskRulesInConsole(cx, p, query),
  }),
);
