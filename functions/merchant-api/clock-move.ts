/** POST /api/v1/merchant/clock — moves the merchant's own sandbox test clock, and nobody else's (docs/test-clock.md). */
import { merchantApiHandler } from '../../shared/http/merchant-api.js';
import { composition } from '../../shared/composition/compose.js';
import { config, testClock } from '../../shared/composition/core.js';
import { merchants } from '../../shared/composition/merchants.js';
import { apiKeys } from '../../shared/composition/api-keys.js';
import { moveMerchantClock } from '../../shared/operations/merchant-api/clock.js';

export const handler = merchantApiHandler(
  'POST /api/v1/merchant/clock',
  composition({ config, merchants, apiKeys, testClock }),
  ({ d, merchant, body }) => moveMerchantClock(d, merchant.merchant.clientKey, body),
  { changes: true },
);
