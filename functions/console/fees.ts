/** GET /console/api/fees — a merchant's fee schedule (`?client_key=` for operators) or the platform's default (`?scope=default`, operators). */
import { consoleRoute } from '../../shared/entry/http/console.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { MERCHANT_READ_PORTS } from './ports.js';
import { feeSchedules } from '../../shared/entry/composition/ledger.js';
import { showFeesInConsole } from '../../shared/operations/console/fees.js';

export const handler = consoleRoute('GET /console/api/fees', { ports: composition(MERCHANT_READ_PORTS) }, async ({ cx, p, query }) => ({
  body: await showFeesInConsole(cx, feeSchedules(), p, query),
}));
