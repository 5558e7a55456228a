/**
 * GET /health — 200 with JSON once the table answers. `sandbox` says whether this stage's approvals are made up: a
 * platform that uses this one as its upstream asks it when the MID is created, and a live stage refuses a sandbox.
 */
import { composition } from '../../shared/entry/composition/compose.js';
import { HEALTH_PORTS } from './ports.js';
import { json } from '../../shared/entry/http/http.js';
import { httpEndpoint } from '../../shared/entry/http/endpoint.js';

const ports = composition(HEALTH_PORTS);

export const handler = httpEndpoint('GET /health', async () => {
  const d = ports();
  return json(200, {
    status: 'ok',
    stage: d.config.STAGE,
    sandbox: d.config.STAGE_KIND === 'sandbox',
    table: await d.tableHealth.status(),
  });
});
