/**
 * npm run openapi            writes docs/openapi.json from the code (scripts/openapi/document.ts)
 * npm run openapi -- --check exits 1 when docs/openapi.json differs from what the code generates
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildOpenApi } from './document.js';
import { REPO_ROOT } from '../local/handlers.js';

export const OPENAPI_PATH = join(REPO_ROOT, 'docs', 'openapi.json');

export async function generatedOpenApiText(): Promise<string> {
  return `${JSON.stringify(await buildOpenApi(), null, 2)}\n`;
}

async function main(): Promise<void> {
  const text = await generatedOpenApiText();
  if (process.argv.includes('--check')) {
    const committed = readFileSync(OPENAPI_PATH, 'utf8');
    if (committed !== text) {
      console.error('docs/openapi.json is out of date: run `npm run openapi` and commit it.');
      process.exit(1);
    }
    console.log('docs/openapi.json is up to date.');
    return;
  }
  writeFileSync(OPENAPI_PATH, text);
  console.log(`wrote ${OPENAPI_PATH}`);
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) await main();
