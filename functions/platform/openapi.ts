/**
 * GET /openapi.json — the committed docs/openapi.json, bundled into the function. A test keeps it equal to what
 * scripts/openapi generates from the code, so serving the committed file serves the generated one.
 */
import document from '../../docs/openapi.json' with { type: 'json' };
import { json } from '../../shared/http/http.js';
import { httpEndpoint } from '../../shared/http/endpoint.js';

export const handler = httpEndpoint(
  'GET /openapi.json',
  async () => json(200, document, { 'cache-control': 'public, max-age=300', 'access-control-allow-origin': '*' })
);
