/** POST /api/v1/payment/card/credit — Checkout payout to a card_token; answers the page link where the payer confirms the expiry. */
import { checkoutApiHandler } from '../../shared/http/checkout.js';
import { cardCredit } from '../../shared/operations/checkout/card-credit.js';

export const handler = checkoutApiHandler('POST /api/v1/payment/card/credit', async (d, body, callerIp) => {
  const { redirectUrl } = await cardCredit(d, body, callerIp);
  return { body: { redirect_url: redirectUrl } };
});
