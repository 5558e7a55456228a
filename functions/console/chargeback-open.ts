/** POST /console/api/chargebacks — {"trans_id", "amount", "reason_code", "bank_date"?}: operators record an acquirer's chargeback. */
import { consoleRoute } from '../../shared/http/console.js';
import { composition } from '../../shared/composition/compose.js';
import { config, clock, newId } from '../../shared/composition/core.js';
import { merchants } from '../../shared/composition/merchants.js';
import { payments } from '../../shared/composition/payments.js';
import { chargebacks } from '../../shared/composition/chargebacks.js';
import { callbackQueue } from '../../shared/composition/callback-queue.js';
import { openChargeback } from '../../shared/operations/console/chargebacks.js';

export const handler = consoleRoute(
  'POST /console/api/chargebacks',
  { ports: composition({ config, clock, newId, merchants, payments, chargebacks, callbackQueue }) },
  async ({ cx, p, body }) => ({ status: 201, body: await openChargeback(cx, p, body) }),
);
