/** POST /api/v1/payment/card/credit — Checkout payout to a card_token; answers the page link where the payer confirms the expiry. */
import { checkoutApiHandler } from '../../shared/entry/http/checkout.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { CARD_CREDIT_PORTS } from './ports.js';
import { cardCredit } from '../../shared/operations/checkout/card-credit.js';

export const handler = checkoutApiHandler('POST /api/v1/payment/card/credit', composition(CARD_CREDIT_PORTS), async (d, body, callerIp) => {
  const { redirectUrl } = await cardCredit(d, body, callerIp);
  return { body: { redirect_url: redirectUrl } };
});
