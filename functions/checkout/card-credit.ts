/** POST /api/v1/payment/card/credit — Checkout operation (JSON, merchant_key + hash). */
import { checkoutApiHandler } from '../../shared/protocol/checkout/http.js';
import { cardCredit } from '../../shared/operations/checkout/card-credit.js';

export const handler = checkoutApiHandler('POST /api/v1/payment/card/credit', async (d, body) => ({ body: await cardCredit(d, body) }));
