/**
 * docs/openapi.json is what the code generates (a stale copy fails here: run `npm run openapi`), it describes every
 * route and every S2S action, and @redocly/cli lints it with neither errors nor warnings.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../../shared/entry/routes/index.js';
import { S2S_CARD_ACTIONS } from '../../../shared/operations/s2s-card/index.js';
import { S2S_APM_ACTIONS } from '../../../shared/operations/s2s-apm/index.js';
import { generatedOpenApiText, OPENAPI_PATH } from '../../../scripts/openapi/generate.js';
import { REPO_ROOT } from '../../../scripts/local/handlers.js';

const committed = readFileSync(OPENAPI_PATH, 'utf8');
const doc = JSON.parse(committed) as {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { oneOf?: Array<{ $ref: string }> } }> } }>>;
  components: { schemas: Record<string, { properties: Record<string, { const?: string }>; required?: string[] }> };
};

describe('docs/openapi.json', () => {
  it('is exactly what scripts/openapi generates from the code', async () => {
    expect(committed).toBe(await generatedOpenApiText());
  });

  it('has an operation for every route of the route table', () => {
    for (const r of ROUTES) expect(doc.paths[r.path]?.[r.method.toLowerCase()], `${r.method} ${r.path}`).toBeDefined();
  });

  it('has its own request body for every S2S CARD and S2S APM action, with action, client_key and hash required', () => {
    for (const [path, actions] of [
      ['/post', S2S_CARD_ACTIONS],
      ['/post-va', S2S_APM_ACTIONS],
    ] as const) {
      const refs = doc.paths[path]!.post!.requestBody!.content['application/x-www-form-urlencoded']!.schema.oneOf!.map((o) =>
        o.$ref.split('/').pop()!,
      );
      const documented = refs.map((name) => doc.components.schemas[name]!.properties.action!.const);
      expect(documented.sort()).toEqual([...actions.keys()].sort());
      for (const name of refs)
        expect(doc.components.schemas[name]!.required).toEqual(expect.arrayContaining(['action', 'client_key', 'hash']));
    }
  });

  it('passes @redocly/cli lint (recommended rules) with no errors and no warnings', async () => {
    const { stdout } = await promisify(execFile)(`${REPO_ROOT}/node_modules/.bin/redocly`, ['lint', OPENAPI_PATH, '--format=json'], {
      cwd: REPO_ROOT,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
      encoding: 'utf8',
    });
    const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as { totals: { errors: number; warnings: number }; problems: unknown[] };
    expect(report.problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);
});
