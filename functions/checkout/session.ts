/** POST /api/v1/session — creates a Checkout session; answers {"redirect_url"}. */
import { checkoutApiHandler } from '../../shared/http/checkout.js';
import { createSession } from '../../shared/operations/checkout/create-session.js';

export const handler = checkoutApiHandler('POST /api/v1/session', async (d, body, callerIp) => {
  const { redirectUrl } = await createSession(d, body, callerIp);
  return { body: { redirect_url: redirectUrl } };
});
