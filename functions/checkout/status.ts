/** POST /api/v1/payment/status — Checkout operation (JSON, merchant_key + hash). */
import { checkoutApiHandler } from '../../shared/entry/http/checkout.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { STATUS_PORTS } from './ports.js';
import { paymentStatus } from '../../shared/operations/checkout/status.js';

export const handler = checkoutApiHandler('POST /api/v1/payment/status', composition(STATUS_PORTS), async (d, body, callerIp) => ({
  body: await paymentStatus(d, body, callerIp),
}));
