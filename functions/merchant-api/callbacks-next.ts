/** GET /api/v1/merchant/callbacks/next — the merchant's callback feed, a long poll `callbacks listen` loops on. */
import { merchantApiHandler } from '../../shared/entry/http/merchant-api.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { MERCHANT_API_PORTS } from './ports.js';
import { merchantCallbacks } from '../../shared/entry/composition/merchant-api.js';
import { nextCallbacks } from '../../shared/operations/merchant-api/next-callbacks.js';

export const handler = merchantApiHandler('GET /api/v1/merchant/callbacks/next', composition(MERCHANT_API_PORTS), ({ merchant, query }) =>
  nextCallbacks(merchantCallbacks(), merchant.merchant.clientKey, query),
);
