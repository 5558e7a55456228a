/** POST /api/v1/payment/refund — Checkout operation (JSON, merchant_key + hash). */
import { checkoutApiHandler } from '../../shared/entry/http/checkout.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { PAYMENT_PORTS } from './ports.js';
import { refund } from '../../shared/operations/checkout/refund.js';

export const handler = checkoutApiHandler('POST /api/v1/payment/refund', composition(PAYMENT_PORTS), async (d, body, callerIp) => ({
  body: await refund(d, body, callerIp),
}));
