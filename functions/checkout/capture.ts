/** POST /api/v1/payment/capture — Checkout operation (JSON, merchant_key + hash). */
import { checkoutApiHandler } from '../../shared/entry/http/checkout.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { PAYMENT_PORTS } from './ports.js';
import { capture } from '../../shared/operations/checkout/capture.js';

export const handler = checkoutApiHandler('POST /api/v1/payment/capture', composition(PAYMENT_PORTS), async (d, body, callerIp) => ({
  body: await capture(d, body, callerIp),
}));
