/** GET /api/v1/merchant/payments/{transId} — one of the merchant's own payments (any of its keys, read-only included). */
import { merchantApiHandler } from '../../shared/http/merchant-api.js';
import { composition } from '../../shared/composition/compose.js';
import { config } from '../../shared/composition/core.js';
import { merchants } from '../../shared/composition/merchants.js';
import { apiKeys } from '../../shared/composition/api-keys.js';
import { payments } from '../../shared/composition/payments.js';
import { merchantPayment } from '../../shared/operations/merchant-api/payment.js';

export const handler = merchantApiHandler(
  'GET /api/v1/merchant/payments/{transId}',
  composition({ config, merchants, apiKeys, payments }),
  ({ d, merchant, pathParameters }) => merchantPayment(d, merchant.merchant.clientKey, pathParameters.transId ?? ''),
);
