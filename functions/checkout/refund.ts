/** POST /api/v1/payment/refund — Checkout operation (JSON, merchant_key + hash). */
import { checkoutApiHandler } from '../../shared/http/checkout.js';
import { refund } from '../../shared/operations/checkout/refund.js';

export const handler = checkoutApiHandler('POST /api/v1/payment/refund', async (d, body, callerIp) => ({ body: await refund(d, body, callerIp) }));
