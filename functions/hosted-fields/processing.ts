/** POST /api/v1/processing/{purchase|debit}/card (header Token) — the payment; answers the payment response. */
import { tokenHandler } from '../../shared/entry/http/hosted-fields.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { PROCESSING_PORTS } from './ports.js';
import { processPayment } from '../../shared/operations/hosted-fields/processing.js';

export const handler = tokenHandler(
  'POST /api/v1/processing/{operation}/card',
  composition(PROCESSING_PORTS),
  async (d, session, body, event) => {
    const operation = event.rawPath.endsWith('/debit/card') ? 'debit' : 'purchase';
    return { body: await processPayment(d, session, operation, body) };
  },
);
