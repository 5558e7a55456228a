/** PUT /console/api/fees — operators replace a merchant's fee schedule or the platform's default, checked as `fees set` checks its file. */
import { consoleRoute } from '../../shared/entry/http/console.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { MERCHANT_CREATE_PORTS } from './ports.js';
import { feeSchedules } from '../../shared/entry/composition/ledger.js';
import { replaceFeesInConsole } from '../../shared/operations/console/fees.js';

export const handler = consoleRoute('PUT /console/api/fees', { ports: composition(MERCHANT_CREATE_PORTS) }, async ({ cx, p, body }) => ({
  body: await replaceFeesInConsole(cx, feeSchedules(), p, body),
}));
