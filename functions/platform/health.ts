/** GET /health — 200 with JSON once the table answers. */
import { composition } from '../../shared/composition/compose.js';
import { config } from '../../shared/composition/core.js';
import { tableHealth } from '../../shared/composition/sweepers.js';
import { json } from '../../shared/http/http.js';
import { httpEndpoint } from '../../shared/http/endpoint.js';

const ports = composition({ config, tableHealth });

export const handler = httpEndpoint(
  'GET /health',
  async () => {
    const d = ports();
    return json(200, { status: 'ok', stage: d.config.STAGE, table: await d.tableHealth.status() });
  },
);
