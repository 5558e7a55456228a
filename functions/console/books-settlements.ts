/** GET /console/api/books/settlements — a merchant's settlement batches, newest day first. */
import { consoleRoute } from '../../shared/entry/http/console.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { CONSOLE_PORTS } from './ports.js';
import { settlements } from '../../shared/entry/composition/ledger.js';
import { consoleSettlements } from '../../shared/operations/console/books.js';

export const handler = consoleRoute('GET /console/api/books/settlements', { ports: composition(CONSOLE_PORTS) }, async ({ p, query }) => ({
  body: await consoleSettlements(settlements(), p, query),
}));
