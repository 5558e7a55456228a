/**
 * `npm run admin -- routing set|show` as an operator runs them against a running local platform: a file with
 * mistakes is refused with each problem listed (nothing stored), a good one is stored and shown with its version,
 * and `payments show` names the MID that served a payment.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, expect, it } from 'vitest';
import type { Merchant, Mid } from '../../../shared/domain/merchant.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { saleFields } from '../../support/s2s.js';

const run = promisify(execFile);
let dataDir: string;
const admin = (args: string[]) =>
  run('npx', ['tsx', 'scripts/admin/cli.ts', ...args], {
    env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', LOCAL_DATA_DIR: dataDir },
  });

const platform = usePlatform();
let merchant: Merchant;
let mids: Mid[];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'routing-admin-'));
  writeFileSync(join(dataDir, 'platform.json'), JSON.stringify({ env: platform.env }));
  merchant = await testMerchant({ mids: [{ name: 'a' }, { name: 'b' }] });
  mids = (await deps().merchants.get(merchant.clientKey))!.mids;
});

const file = (content: unknown) => {
  const path = join(dataDir, `rules-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(path, JSON.stringify(content));
  return path;
};

it('routing set refuses a bad file with every problem, stores a good one; routing show prints it', { timeout: 120_000 }, async () => {
  const bad = file({ rules: [{ match: { minAmount: 5, maxAmount: 10 }, mids: [{ midId: 'nope', weight: 60 }] }] });
  const refused = await admin(['routing', 'set', merchant.clientKey, '--file', bad]).catch((e: { code: number; stderr: string }) => e);
  expect((refused as { code: number }).code).toBe(1);
  expect((refused as { stderr: string }).stderr).toContain(
    'The routing rules are not valid:\n  - Rule 1, MID 1: unknown MID "nope" (see: npm run admin -- mids list CLIENT_KEY).',
  );
  expect((refused as { stderr: string }).stderr).toContain('the weights add up to 60; they must add up to 100.');
  expect((await deps().merchants.get(merchant.clientKey))!.routing).toBeUndefined();

  const good = file({ rules: [{ name: 'euro', match: { currencies: ['eur'] }, mids: [{ midId: mids[1]!.midId, weight: 100 }] }] });
  const set = JSON.parse((await admin(['routing', 'set', merchant.clientKey, '--file', good, '--max-attempts', '3'])).stdout);
  expect(set).toMatchObject({ version: 1, maxAttempts: 3, rules: [{ name: 'euro', match: { currencies: ['EUR'] } }] });
  const shown = JSON.parse((await admin(['routing', 'show', merchant.clientKey])).stdout);
  expect(shown).toEqual(set);

  const sale = await postForm(`${platform.url}/post`, saleFields(merchant, { order_currency: 'EUR' }) as never);
  expect((await admin(['payments', 'show', sale.body.trans_id])).stdout).toContain(mids[1]!.midId);
  expect(JSON.parse((await admin(['payments', 'show', sale.body.trans_id, '--json'])).stdout).payment).toMatchObject({
    midId: mids[1]!.midId,
    midName: mids[1]!.name,
  });
});
