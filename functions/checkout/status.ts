/** POST /api/v1/payment/status — Checkout operation (JSON, merchant_key + hash). */
import { checkoutApiHandler } from '../../shared/http/checkout.js';
import { composition } from '../../shared/composition/compose.js';
import { clock, config } from '../../shared/composition/core.js';
import { payments } from '../../shared/composition/payments.js';
import { merchants } from '../../shared/composition/merchants.js';
import { paymentStatus } from '../../shared/operations/checkout/status.js';

export const handler = checkoutApiHandler(
  'POST /api/v1/payment/status',
  composition({ config, clock, payments, merchants }),
  async (d, body, callerIp) => ({ body: await paymentStatus(d, body, callerIp) }),
);
