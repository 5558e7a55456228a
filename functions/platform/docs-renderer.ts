/**
 * GET /docs/redoc.standalone.js — the pinned Redoc build (@redocly/cli's, MIT). Deployed, it is copied next to the
 * bundle (route bundleFiles); locally it is read from node_modules.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { httpEndpoint } from '../../shared/entry/http/endpoint.js';

const CANDIDATES = ['./redoc.standalone.js', '../../node_modules/@redocly/cli/lib/chunks/redoc.standalone.js'];

let script: string | undefined;

function load(): string {
  for (const candidate of CANDIDATES) {
    try {
      return readFileSync(fileURLToPath(new URL(candidate, import.meta.url)), 'utf8');
    } catch {
      /* next */
    }
  }
  throw new Error('redoc.standalone.js not found');
}

export const handler = httpEndpoint('GET /docs/redoc.standalone.js', async () => {
  script ??= load();
  return {
    statusCode: 200,
    headers: {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'public, max-age=3600',
      'x-content-type-options': 'nosniff',
    },
    body: script,
  };
});
