/** POST /api/v1/session — creates a Checkout session; answers {"redirect_url"}. */
import { checkoutApiHandler } from '../../shared/http/checkout.js';
import { composition } from '../../shared/composition/compose.js';
import { clock, config, newId } from '../../shared/composition/core.js';
import { payments } from '../../shared/composition/payments.js';
import { merchants } from '../../shared/composition/merchants.js';
import { cardVault } from '../../shared/composition/card-vault.js';
import { checkoutSessions } from '../../shared/composition/checkout-sessions.js';
import { schedules } from '../../shared/composition/schedules.js';
import { apmConnectors } from '../../shared/composition/apm-connectors.js';
import { createSession } from '../../shared/operations/checkout/create-session.js';

export const handler = checkoutApiHandler(
  'POST /api/v1/session',
  composition({ config, clock, newId, payments, merchants, cardVault, checkoutSessions, schedules, apmConnectors }),
  async (d, body, callerIp) => {
    const { redirectUrl } = await createSession(d, body, callerIp);
    return { body: { redirect_url: redirectUrl } };
  },
);
