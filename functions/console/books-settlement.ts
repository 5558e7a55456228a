/** GET /console/api/books/settlements/{id} — one settlement batch. */
import { consoleRoute } from '../../shared/entry/http/console.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { CONSOLE_PORTS } from './ports.js';
import { settlements } from '../../shared/entry/composition/ledger.js';
import { consoleSettlement } from '../../shared/operations/console/books.js';

export const handler = consoleRoute(
  'GET /console/api/books/settlements/{id}',
  { ports: composition(CONSOLE_PORTS) },
  async ({ p, params }) => ({ body: await consoleSettlement(settlements(), p, params.id ?? '') }),
);
