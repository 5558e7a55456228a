/** POST /api/v1/session — creates a Checkout session; answers {"redirect_url"}. */
import { checkoutApiHandler } from '../../shared/entry/http/checkout.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { SESSION_PORTS } from './ports.js';
import { createSession } from '../../shared/operations/checkout/create-session.js';

export const handler = checkoutApiHandler('POST /api/v1/session', composition(SESSION_PORTS), async (d, body, callerIp) => {
  const { redirectUrl } = await createSession(d, body, callerIp);
  return { body: { redirect_url: redirectUrl } };
});
