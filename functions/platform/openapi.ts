/**
 * GET /openapi.json — the committed docs/openapi.json. A test keeps it equal to what scripts/openapi generates from
 * the code, so serving the committed file serves the generated one. Deployed, it is copied next to the bundle (route
 * bundleFiles) and read on the first request: bundled, its 255 KiB made this the largest function, and every new
 * route made it larger. Locally it is read from docs/.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { json } from '../../shared/entry/http/http.js';
import { httpEndpoint } from '../../shared/entry/http/endpoint.js';

const CANDIDATES = ['./openapi.json', '../../docs/openapi.json'];

let document: unknown;

function load(): unknown {
  for (const candidate of CANDIDATES) {
    try {
      return JSON.parse(readFileSync(fileURLToPath(new URL(candidate, import.meta.url)), 'utf8'));
    } catch {
      /* next */
    }
  }
  throw new Error('openapi.json not found');
}

export const handler = httpEndpoint('GET /openapi.json', async () =>
  json(200, (document ??= load()), { 'cache-control': 'public, max-age=300', 'access-control-allow-origin': '*' }),
);
