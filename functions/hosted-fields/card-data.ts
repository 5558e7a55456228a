/** POST /hosted-fields/card-data (header Token) — the card-number iframe submits the card; answers {result, message}. */
import { tokenHandler } from '../../shared/http/hosted-fields.js';
import { composition } from '../../shared/composition/compose.js';
import { clock, config } from '../../shared/composition/core.js';
import { merchants } from '../../shared/composition/merchants.js';
import { secrets } from '../../shared/composition/secrets.js';
import { checkoutSessions } from '../../shared/composition/checkout-sessions.js';
import { submitCardData } from '../../shared/operations/hosted-fields/card-data.js';

export const handler = tokenHandler(
  'POST /hosted-fields/card-data',
  composition({ config, clock, merchants, secrets, checkoutSessions }),
  async (d, session, body) => ({ body: await submitCardData(d, session, body) }),
);
