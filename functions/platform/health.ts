/** GET /health — 200 with JSON once the table answers. */
import { deps } from '../../shared/deps.js';
import { json } from '../../shared/http/http.js';
import { httpEndpoint } from '../../shared/http/endpoint.js';

export const handler = httpEndpoint(
  'GET /health',
  async () => {
    const d = deps();
    return json(200, { status: 'ok', stage: d.config.STAGE, table: await d.tableHealth.status() });
  },
);
