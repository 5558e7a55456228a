/** PUT /console/api/risk/rules — replaces a merchant's risk rules, checked as `risk rules set` checks its file. */
import { consoleRoute } from '../../shared/entry/http/console.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { RISK_RULES_EDIT_PORTS } from './ports.js';
import { replaceRiskRulesInConsole } from '../../shared/operations/console/risk-rules.js';

export const handler = consoleRoute(
  'PUT /console/api/risk/rules',
  { ports: composition(RISK_RULES_EDIT_PORTS) },
  async ({ cx, p, body }) => ({
    body: await replaceRiskRulesInConsole(cx, p, body),
  }),
);
