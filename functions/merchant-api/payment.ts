/** GET /api/v1/merchant/payments/{transId} — one of the merchant's own payments (any of its keys, read-only included). */
import { merchantApiHandler } from '../../shared/entry/http/merchant-api.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { MERCHANT_PAYMENT_PORTS } from './ports.js';
import { merchantPayment } from '../../shared/operations/merchant-api/payment.js';

export const handler = merchantApiHandler(
  'GET /api/v1/merchant/payments/{transId}',
  composition(MERCHANT_PAYMENT_PORTS),
  ({ d, merchant, pathParameters }) => merchantPayment(d, merchant.merchant.clientKey, pathParameters.transId ?? ''),
);
