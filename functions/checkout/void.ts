/** POST /api/v1/payment/void — Checkout operation (JSON, merchant_key + hash). */
import { checkoutApiHandler } from '../../shared/entry/http/checkout.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { PAYMENT_PORTS } from './ports.js';
import { voidCheckout } from '../../shared/operations/checkout/void.js';

export const handler = checkoutApiHandler('POST /api/v1/payment/void', composition(PAYMENT_PORTS), async (d, body, callerIp) => ({
  body: await voidCheckout(d, body, callerIp),
}));
