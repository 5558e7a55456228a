/** GET /api/v1/merchant/callbacks/next — the merchant's callback feed, a long poll `callbacks listen` loops on. */
import { merchantApiHandler } from '../../shared/http/merchant-api.js';
import { composition } from '../../shared/composition/compose.js';
import { config } from '../../shared/composition/core.js';
import { merchants } from '../../shared/composition/merchants.js';
import { apiKeys } from '../../shared/composition/api-keys.js';
import { merchantCallbacks } from '../../shared/composition/merchant-api.js';
import { nextCallbacks } from '../../shared/operations/merchant-api/next-callbacks.js';

export const handler = merchantApiHandler(
  'GET /api/v1/merchant/callbacks/next',
  composition({ config, merchants, apiKeys }),
  ({ merchant, query }) => nextCallbacks(merchantCallbacks(), merchant.merchant.clientKey, query),
);
