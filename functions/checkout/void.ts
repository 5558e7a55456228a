/** POST /api/v1/payment/void — Checkout operation (JSON, merchant_key + hash). */
import { checkoutApiHandler } from '../../shared/http/checkout.js';
import { voidCheckout } from '../../shared/operations/checkout/void.js';

export const handler = checkoutApiHandler('POST /api/v1/payment/void', async (d, body, callerIp) => ({ body: await voidCheckout(d, body, callerIp) }));
