/** GET /api/v1/merchant/balance — what the platform owes the merchant, per currency (any of its keys; docs/ledger.md). */
import { merchantApiHandler } from '../../shared/entry/http/merchant-api.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { MERCHANT_API_PORTS } from './ports.js';
import { ledger } from '../../shared/entry/composition/ledger.js';
import { merchantBalance } from '../../shared/operations/merchant-api/balance.js';

export const handler = merchantApiHandler('GET /api/v1/merchant/balance', composition(MERCHANT_API_PORTS), ({ merchant }) =>
  merchantBalance(ledger(), merchant.merchant.clientKey),
);
