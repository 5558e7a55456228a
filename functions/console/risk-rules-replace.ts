/** PUT /console/api/risk/rules — replaces a merchant's risk rules, checked as `risk rules set` checks its file. */
import { consoleRoute } from '../../shared/http/console.js';
import { composition } from '../../shared/composition/compose.js';
import { clock, config, newId } from '../../shared/composition/core.js';
import { merchants } from '../../shared/composition/merchants.js';
import { risk } from '../../shared/composition/risk.js';
import { replaceRiskRulesInConsole } from '../../shared/operations/console/risk-rules.js';

export const handler = consoleRoute(
  'PUT /console/api/risk/rules',
  { ports: composition({ config, clock, newId, merchants, risk }) },
  async ({ cx, p, body }) => ({
    body: await replaceRiskRulesInConsole(cx, p, body),
  }),
);
