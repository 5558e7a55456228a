/**
 * The reference as the platform serves it: GET /openapi.json (the committed, generated document), GET /docs and its
 * renderer from the platform itself (no CDN); and a cross-check that the required fields the document derives from
 * the field readers are the ones the running platform reports blank for an empty request of each action.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningPlatform } from '../../../scripts/local/platform.js';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { OPENAPI_PATH } from '../../../scripts/openapi/generate.js';
import { postForm, startTestPlatform, testMerchant } from '../../support/platform.js';

let platform: RunningPlatform;
let merchant: Merchant;

beforeAll(async () => {
  platform = await startTestPlatform();
  merchant = await testMerchant();
});
afterAll(() => platform?.stop());

const doc = JSON.parse(readFileSync(OPENAPI_PATH, 'utf8')) as { components: { schemas: Record<string, { properties?: Record<string, { const?: string }>; required?: string[] }> } };

it('serves the generated document at /openapi.json', async () => {
  const res = await fetch(`${platform.url}/openapi.json`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/json');
  expect(await res.json()).toEqual(JSON.parse(readFileSync(OPENAPI_PATH, 'utf8')));
});

it('renders it at /docs with the renderer the platform serves itself', async () => {
  const page = await fetch(`${platform.url}/docs`);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain("from './docs/redoc.standalone.js'");
  expect(html).toContain("'./openapi.json'");
  expect(html).not.toMatch(/https?:\/\//);
  expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
  const script = await fetch(`${platform.url}/docs/redoc.standalone.js`);
  expect(script.status).toBe(200);
  expect(script.headers.get('content-type')).toContain('javascript');
  expect(await script.text()).toContain('export{RedocStandalone,hydrate,init}');
});

it('documents as required exactly the fields the platform reports blank, for every S2S action', async () => {
  const mismatches: string[] = [];
  for (const [path, prefix] of [['/post', 'S2sCard'], ['/post-va', 'S2sApm']] as const) {
    for (const [name, schema] of Object.entries(doc.components.schemas)) {
      if (!name.startsWith(prefix) || !schema.properties?.action?.const) continue;
      const action = schema.properties.action.const;
      const res = await postForm(`${platform.url}${path}`, { action, client_key: merchant.clientKey });
      const blank = ((res.body.errors ?? []) as Array<{ error_message: string }>)
        .map((e) => e.error_message)
        .filter((m) => m.endsWith(': This value should not be blank.'))
        .map((m) => m.slice(0, m.indexOf(':')));
      const documented = (schema.required ?? []).filter((f) => f !== 'action' && f !== 'client_key');
      // Every blank the platform reports is documented as required, and vice versa (S2S APM brands add their own
      // required fields once a brand is known; with no brand, none).
      if ([...new Set(blank)].sort().join() !== [...new Set(documented)].sort().join()) mismatches.push(`${path} ${action}: platform ${blank} vs document ${documented}`);
    }
  }
  expect(mismatches).toEqual([]);
});
