/** POST /console/api/chargebacks — {"trans_id", "amount", "reason_code", "bank_date"?}: operators record an acquirer's chargeback. */
import { consoleRoute } from '../../shared/entry/http/console.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { CHARGEBACK_OPEN_PORTS } from './ports.js';
import { openChargeback } from '../../shared/operations/console/chargebacks.js';

export const handler = consoleRoute(
  'POST /console/api/chargebacks',
  { ports: composition(CHARGEBACK_OPEN_PORTS) },
  async ({ cx, p, body }) => ({ status: 201, body: await openChargeback(cx, p, body) }),
);
