/** The README's S2S CARD walk-through, run as written (bash + curl) against a real local platform. */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../scripts/local/handlers.js';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { testMerchant, usePlatform } from '../../support/platform.js';

const platform = usePlatform();
let merchant: Merchant;

beforeAll(async () => {
  merchant = await testMerchant();
});

function readmeBlock(marker: string): string {
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf(`<!-- example:${marker} -->`);
  expect(start).toBeGreaterThan(0);
  const block = /```sh\n([\s\S]*?)```/.exec(readme.slice(start));
  return block![1]!;
}

it('every S2S CARD example in the README answers as it says', async () => {
  const script = readmeBlock('s2s-card');
  // Asynchronously: the platform serves the script's requests from this very process.
  const { stdout: out } = await promisify(execFile)('bash', ['-c', script], {
    cwd: REPO_ROOT,
    env: { ...process.env, BASE: platform.url, KEY: merchant.clientKey, PASS: merchant.password },
    encoding: 'utf8',
  });
  const answers = out
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { action: string; result: string; status?: string });
  const byAction = (a: string) => answers.filter((x) => x.action === a).map((x) => `${x.result}/${x.status ?? ''}`);
  expect(byAction('SALE')).toEqual(['SUCCESS/SETTLED', 'DECLINED/DECLINED', 'REDIRECT/3DS']);
  expect(byAction('AUTH')).toEqual(['SUCCESS/PENDING']);
  expect(byAction('CAPTURE')).toEqual(['SUCCESS/SETTLED', 'SUCCESS/SETTLED']);
  expect(byAction('CREDITVOID')).toEqual(['ACCEPTED/']);
  expect(byAction('GET_TRANS_STATUS')).toHaveLength(1);
  expect(byAction('GET_TRANS_DETAILS')).toHaveLength(1);
  expect(byAction('GET_TRANS_STATUS_BY_ORDER')).toHaveLength(1);
  expect(byAction('RECURRING_SALE')).toEqual(['SUCCESS/SETTLED']);
  expect(byAction('VOID')).toEqual(['SUCCESS/VOID']);
  expect(byAction('DEBIT')).toEqual(['SUCCESS/SETTLED']);
  expect(byAction('CREDIT2CARD')).toEqual(['SUCCESS/SETTLED']);
  expect(byAction('CARD2CARD')).toEqual(['SUCCESS/SETTLED']);
  expect(answers.filter((a) => a.result === 'ERROR')).toEqual([]);
});
