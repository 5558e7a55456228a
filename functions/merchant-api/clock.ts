/** GET /api/v1/merchant/clock — the merchant's own sandbox test clock (docs/test-clock.md). */
import { merchantApiHandler } from '../../shared/http/merchant-api.js';
import { composition } from '../../shared/composition/compose.js';
import { config, testClock } from '../../shared/composition/core.js';
import { merchants } from '../../shared/composition/merchants.js';
import { apiKeys } from '../../shared/composition/api-keys.js';
import { merchantClock } from '../../shared/operations/merchant-api/clock.js';

export const handler = merchantApiHandler(
  'GET /api/v1/merchant/clock',
  composition({ config, merchants, apiKeys, testClock }),
  ({ d, merchant }) => merchantClock(d, merchant.merchant.clientKey),
);
