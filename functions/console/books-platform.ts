/** GET /console/api/books/platform — operators: fee revenue per currency and payables by merchant. */
import { consoleRoute } from '../../shared/entry/http/console.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { MERCHANT_READ_PORTS } from './ports.js';
import { ledger } from '../../shared/entry/composition/ledger.js';
import { platformBooks } from '../../shared/operations/console/books.js';

export const handler = consoleRoute('GET /console/api/books/platform', { ports: composition(MERCHANT_READ_PORTS) }, async ({ cx, p }) => ({
  body: await platformBooks(ledger(), cx.d.merchants, p),
}));
