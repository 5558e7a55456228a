/** GET /console/api/books/balances — a merchant's payable per currency (docs/ledger.md "Reports"). */
import { consoleRoute } from '../../shared/entry/http/console.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { CONSOLE_PORTS } from './ports.js';
import { ledger } from '../../shared/entry/composition/ledger.js';
import { consoleBalances } from '../../shared/operations/console/books.js';

export const handler = consoleRoute('GET /console/api/books/balances', { ports: composition(CONSOLE_PORTS) }, async ({ p, query }) => ({
  body: await consoleBalances(ledger(), p, query),
}));
