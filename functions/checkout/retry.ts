/** POST /api/v1/payment/retry — Checkout operation (JSON, merchant_key + hash). */
import { checkoutApiHandler } from '../../shared/entry/http/checkout.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { PAYMENT_PORTS } from './ports.js';
import { retry } from '../../shared/operations/checkout/retry.js';

export const handler = checkoutApiHandler('POST /api/v1/payment/retry', composition(PAYMENT_PORTS), async (d, body, callerIp) => ({
  body: await retry(d, body, callerIp),
}));
