/** POST /api/v1/processing/purchase/card and /debit/card (header Token) — the payment; answers the payment response. */
import { tokenHandler } from '../../shared/http/hosted-fields.js';
import { composition } from '../../shared/composition/compose.js';
import { PAYMENT_PORTS } from '../../shared/composition/tables.js';
import { checkoutSessions } from '../../shared/composition/checkout-sessions.js';
import { risk } from '../../shared/composition/risk.js';
import { processPayment } from '../../shared/operations/hosted-fields/processing.js';

export const handler = tokenHandler(
  'POST /api/v1/processing/{operation}/card',
  composition({ ...PAYMENT_PORTS, checkoutSessions, risk }),
  async (d, session, body, event) => {
    const operation = event.rawPath.endsWith('/debit/card') ? 'debit' : 'purchase';
    return { body: await processPayment(d, session, operation, body) };
  },
);
