/** GET /console/api/books/platform — operators: fee revenue per currency and payables by merchant. */
import { consoleRoute } from '../../shared/http/console.js';
import { composition } from '../../shared/composition/compose.js';
import { config } from '../../shared/composition/core.js';
import { merchants } from '../../shared/composition/merchants.js';
import { ledger } from '../../shared/composition/ledger.js';
import { platformBooks } from '../../shared/operations/console/books.js';

export const handler = consoleRoute(
  'GET /console/api/books/platform',
  { ports: composition({ config, merchants }) },
  async ({ cx, p }) => ({ body: await platformBooks(ledger(), cx.d.merchants, p) }),
);
