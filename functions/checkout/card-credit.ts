/** POST /api/v1/payment/card/credit — Checkout payout to a card_token; answers the page link where the payer confirms the expiry. */
import { checkoutApiHandler } from '../../shared/http/checkout.js';
import { composition } from '../../shared/composition/compose.js';
import { clock, config, newId } from '../../shared/composition/core.js';
import { payments } from '../../shared/composition/payments.js';
import { merchants } from '../../shared/composition/merchants.js';
import { cardVault } from '../../shared/composition/card-vault.js';
import { checkoutSessions } from '../../shared/composition/checkout-sessions.js';
import { cardCredit } from '../../shared/operations/checkout/card-credit.js';

export const handler = checkoutApiHandler(
  'POST /api/v1/payment/card/credit',
  composition({ config, clock, newId, payments, merchants, cardVault, checkoutSessions }),
  async (d, body, callerIp) => {
    const { redirectUrl } = await cardCredit(d, body, callerIp);
    return { body: { redirect_url: redirectUrl } };
  },
);
