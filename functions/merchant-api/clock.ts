/** GET /api/v1/merchant/clock — the merchant's own sandbox test clock (docs/test-clock.md). */
import { merchantApiHandler } from '../../shared/entry/http/merchant-api.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { MERCHANT_CLOCK_PORTS } from './ports.js';
import { merchantClock } from '../../shared/operations/merchant-api/clock.js';

export const handler = merchantApiHandler('GET /api/v1/merchant/clock', composition(MERCHANT_CLOCK_PORTS), ({ d, merchant }) =>
  merchantClock(d, merchant.merchant.clientKey),
);
