/** GET /api/v1/merchant/settlements/{id} — one of the merchant's settlement batches (docs/ledger.md). */
import { merchantApiHandler } from '../../shared/entry/http/merchant-api.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { MERCHANT_API_PORTS } from './ports.js';
import { settlements } from '../../shared/entry/composition/ledger.js';
import { merchantSettlement } from '../../shared/operations/merchant-api/settlements.js';

export const handler = merchantApiHandler(
  'GET /api/v1/merchant/settlements/{id}',
  composition(MERCHANT_API_PORTS),
  ({ merchant, pathParameters }) => merchantSettlement(settlements(), merchant.merchant.clientKey, pathParameters.id ?? ''),
);
