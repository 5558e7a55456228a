/** GET /console/api/risk/rules — a merchant's risk rules, in order (`?client_key=` for operators). */
import { consoleRoute } from '../../shared/entry/http/console.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { RISK_RULES_PORTS } from './ports.js';
import { showRiskRulesInConsole } from '../../shared/operations/console/risk-rules.js';

export const handler = consoleRoute('GET /console/api/risk/rules', { ports: composition(RISK_RULES_PORTS) }, async ({ cx, p, query }) => ({
  body: await showRiskRulesInConsole(cx, p, query),
}));
