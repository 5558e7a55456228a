/** POST /api/v1/merchant/clock — moves the merchant's own sandbox test clock, and nobody else's (docs/test-clock.md). */
import { merchantApiHandler } from '../../shared/entry/http/merchant-api.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { MERCHANT_CLOCK_PORTS } from './ports.js';
import { moveMerchantClock } from '../../shared/operations/merchant-api/clock.js';

export const handler = merchantApiHandler(
  'POST /api/v1/merchant/clock',
  composition(MERCHANT_CLOCK_PORTS),
  ({ d, merchant, body }) => moveMerchantClock(d, merchant.merchant.clientKey, body),
  { changes: true },
);
