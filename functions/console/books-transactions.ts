/** GET /console/api/books/transactions — one page of the transactions report as a CSV download (X-Next-Cursor). */
import { consoleRoute } from '../../shared/entry/http/console.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { CONSOLE_PORTS } from './ports.js';
import { ledger, settlements } from '../../shared/entry/composition/ledger.js';
import { consoleTransactionsCsv } from '../../shared/operations/console/books.js';

export const handler = consoleRoute('GET /console/api/books/transactions', { ports: composition(CONSOLE_PORTS) }, async ({ p, query }) => {
  const page = await consoleTransactionsCsv(ledger(), settlements(), p, query);
  return {
    body: page.csv,
    raw: {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="transactions.csv"',
        ...(page.nextCursor ? { 'x-next-cursor': page.nextCursor } : {}),
      },
    },
  };
});
