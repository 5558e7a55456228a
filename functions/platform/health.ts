/** GET /health — 200 with JSON once the table answers. */
import { deps } from '../../shared/deps.js';
import { httpHandler, json } from '../../shared/http/http.js';
import { toCheckoutError } from '../../shared/protocol/error-wire.js';

export const handler = httpHandler(
  'GET /health',
  async () => {
    const d = deps();
    return json(200, { status: 'ok', stage: d.config.STAGE, table: await d.tableHealth.status() });
  },
  (err) => toCheckoutError(err),
);
