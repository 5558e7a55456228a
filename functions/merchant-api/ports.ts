/**
 * The merchant API's port tables (docs/merchant-api.md): every route authenticates the merchant's API key; the
 * ledger and callback reads are the feature's own contexts (shared/entry/composition/ledger.ts, merchant-api.ts).
 * A handler composes one of these (composition(NAME)); its bundle carries only that table's port modules:
 * shared/entry/composition/package.json declares them free of import side effects, so esbuild drops the others. Each
 * table is written out in full, without spreads, which esbuild could not prove harmless.
 */
import type { PortTable } from '../../shared/entry/composition/compose.js';
import { config, testClock } from '../../shared/entry/composition/core.js';
import { apiKeys } from '../../shared/entry/composition/api-keys.js';
import { merchants } from '../../shared/entry/composition/merchants.js';
import { payments } from '../../shared/entry/composition/payments.js';

/**
 * The key's merchant; its books and callbacks come from the feature's contexts. Composed by: balance, callbacks, callbacks-next,
 * settlement, settlements, transactions-report.
 */
export const MERCHANT_API_PORTS = { config, merchants, apiKeys } satisfies PortTable;

/** One of the merchant's payments. Composed by: payment. */
export const MERCHANT_PAYMENT_PORTS = { config, merchants, apiKeys, payments } satisfies PortTable;

/** The merchant's sandbox test clock, read or moved. Composed by: clock, clock-move. */
export const MERCHANT_CLOCK_PORTS = { config, merchants, apiKeys, testClock } satisfies PortTable;
