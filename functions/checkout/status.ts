/** POST /api/v1/payment/status — Checkout operation (JSON, merchant_key + hash). */
import { checkoutApiHandler } from '../../shared/http/checkout.js';
import { paymentStatus } from '../../shared/operations/checkout/status.js';

export const handler = checkoutApiHandler('POST /api/v1/payment/status', async (d, body, callerIp) => ({ body: await paymentStatus(d, body, callerIp) }));
