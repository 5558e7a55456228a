/** GET /health — 200 with JSON once the table answers. */
import { tableStatus } from '../../shared/adapters/dynamo-table-health.js';
import { getConfig } from '../../shared/config.js';
import { httpHandler, json } from '../../shared/http/http.js';
import { toCheckoutError } from '../../shared/protocol/error-wire.js';

export const handler = httpHandler(
  'GET /health',
  async () => {
    const config = getConfig();
    return json(200, { status: 'ok', stage: config.STAGE, table: await tableStatus(config.TABLE_NAME) });
  },
  (err) => toCheckoutError(err),
);
