/** GET /api/v1/merchant/settlements — the merchant's settlement batches, newest first (docs/ledger.md). */
import { merchantApiHandler } from '../../shared/entry/http/merchant-api.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { MERCHANT_API_PORTS } from './ports.js';
import { settlements } from '../../shared/entry/composition/ledger.js';
import { merchantSettlements } from '../../shared/operations/merchant-api/settlements.js';

export const handler = merchantApiHandler('GET /api/v1/merchant/settlements', composition(MERCHANT_API_PORTS), ({ merchant, query }) =>
  merchantSettlements(settlements(), merchant.merchant.clientKey, query),
);
