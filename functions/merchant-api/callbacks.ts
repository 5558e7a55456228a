/** GET /api/v1/merchant/callbacks — the merchant's own delivery log (signed with its password; docs/merchant-api.md). */
import { merchantApiHandler } from '../../shared/entry/http/merchant-api.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { MERCHANT_API_PORTS } from './ports.js';
import { merchantCallbacks } from '../../shared/entry/composition/merchant-api.js';
import { merchantDeliveryLog } from '../../shared/operations/merchant-api/delivery-log.js';

export const handler = merchantApiHandler('GET /api/v1/merchant/callbacks', composition(MERCHANT_API_PORTS), ({ merchant, query }) =>
  merchantDeliveryLog(merchantCallbacks(), merchant.merchant.clientKey, query),
);
