/** GET /console/api/merchants — every merchant (operators) or the user's own. */
import { consoleRoute } from '../../shared/entry/http/console.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { MERCHANT_READ_PORTS } from './ports.js';
import { listMerchants } from '../../shared/operations/console/merchants.js';
import type { ConsoleMerchantsAnswer } from '../../shared/protocol/console/answers.js';

export const handler = consoleRoute('GET /console/api/merchants', { ports: composition(MERCHANT_READ_PORTS) }, async ({ cx, p }) => ({
  body: { merchants: await listMerchants(cx, p) } satisfies ConsoleMerchantsAnswer,
}));
