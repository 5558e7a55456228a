/** GET /console/api/chargebacks — a merchant's charged-back payments, newest first. */
import { consoleRoute } from '../../shared/http/console.js';
import { composition } from '../../shared/composition/compose.js';
import { config } from '../../shared/composition/core.js';
import { payments } from '../../shared/composition/payments.js';
import { chargebacks } from '../../shared/composition/chargebacks.js';
import { listChargebacks } from '../../shared/operations/console/chargebacks.js';

export const handler = consoleRoute(
  'GET /console/api/chargebacks',
  { ports: composition({ config, payments, chargebacks }) },
  async ({ cx, p, query }) => ({ body: await listChargebacks(cx, p, query) }),
);
