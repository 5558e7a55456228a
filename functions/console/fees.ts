/** GET /console/api/fees — a merchant's fee schedule (`?client_key=` for operators) or the platform's default (`?scope=default`, operators). */
import { consoleRoute } from '../../shared/http/console.js';
import { composition } from '../../shared/composition/compose.js';
import { config } from '../../shared/composition/core.js';
import { merchants } from '../../shared/composition/merchants.js';
import { feeSchedules } from '../../shared/composition/ledger.js';
import { showFeesInConsole } from '../../shared/operations/console/fees.js';

export const handler = consoleRoute('GET /console/api/fees', { ports: composition({ config, merchants }) }, async ({ cx, p, query }) => ({
  body: await showFeesInConsole(cx, feeSchedules(), p, query),
}));
