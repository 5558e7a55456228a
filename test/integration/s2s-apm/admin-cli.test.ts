/**
 * The APM admin commands as an operator runs them: `brands list [--json]` (no platform needed) and
 * `providers secret sandbox` against a running local platform, which prints the secret the endpoint verifies with.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, expect, it } from 'vitest';
import { deps } from '../../../shared/entry/composition/deps.js';
import { allBrands } from '../../../shared/protocol/apm/catalogue.js';
import { usePlatform } from '../../support/platform.js';

const run = promisify(execFile);
const admin = (args: string[], env: Record<string, string> = {}) =>
  run('npx', ['tsx', 'scripts/admin/cli.ts', ...args], {
    env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ...env },
  });

const platform = usePlatform();
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'apm-admin-'));
  writeFileSync(join(dataDir, 'platform.json'), JSON.stringify({ env: platform.env }));
});

it('brands list --json: every descriptor, with its flow, fields and whether it is served', { timeout: 60_000 }, async () => {
  const rows = JSON.parse((await admin(['brands', 'list', '--json'])).stdout) as Array<{
    brand: string;
    flow: string;
    available: boolean;
    fields: string[];
  }>;
  expect(rows.map((r) => r.brand)).toEqual(allBrands().map((d) => d.brand));
  expect(rows.find((r) => r.brand === 'voucher')).toMatchObject({
    flow: 'direct',
    available: true,
    fields: ['`parameters[pin]` R, exactly 16 characters, voucher PIN'],
  });
  expect(rows.every((r) => r.available)).toBe(true);
  expect((await admin(['brands', 'list'])).stdout).toMatch(/^ips +qr +available/m);
});

it('providers secret sandbox prints the secret notifications are verified with', { timeout: 60_000 }, async () => {
  const { stdout } = await admin(['providers', 'secret', 'sandbox'], { LOCAL_DATA_DIR: dataDir });
  expect(stdout.trim()).toMatch(/^[0-9a-f]{64}$/);
  expect(stdout.trim()).toBe(await deps().providerSecrets.secret('sandbox'));
});
