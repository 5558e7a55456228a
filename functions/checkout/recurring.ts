/** POST /api/v1/payment/recurring — Checkout operation (JSON, merchant_key + hash). */
import { checkoutApiHandler } from '../../shared/entry/http/checkout.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { PAYMENT_PORTS } from './ports.js';
import { recurring } from '../../shared/operations/checkout/recurring.js';

export const handler = checkoutApiHandler('POST /api/v1/payment/recurring', composition(PAYMENT_PORTS), async (d, body, callerIp) => ({
  body: await recurring(d, body, callerIp),
}));
