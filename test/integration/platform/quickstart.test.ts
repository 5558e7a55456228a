/**
 * docs/quickstart.md, run as written: its TypeScript blocks, joined in order, against a real local platform, with
 * the SDK as a merchant installs it (the built package, sdk/node/dist), and its webhook receiver as the merchant's
 * notification URL.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../scripts/local/handlers.js';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { DynamoCallbackSecrets } from '../../../shared/adapters/aws/dynamo-callback-secrets.js';
import { SigningSecrets } from '../../../shared/operations/callbacks/signing-secrets.js';
import { testMerchant, usePlatform } from '../../support/platform.js';

const run = promisify(execFile);
const platform = usePlatform();
let merchant: Merchant;
let port: number;
const workDir = join(REPO_ROOT, '.local', `quickstart-${process.pid}`);

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const p = (server.address() as { port: number }).port;
  await new Promise((r) => server.close(r));
  return p;
}

beforeAll(async () => {
  port = await freePort();
  merchant = await testMerchant({ notificationUrl: `http://127.0.0.1:${port}/webhooks` });
  // As the page says: the SDK's build builds its dependency, @open-payments/protocol, too (a project reference).
  await run('npm', ['run', '-s', 'build', '-w', 'sdk/node'], { cwd: REPO_ROOT });
});
afterAll(async () => {
  rmSync(workDir, { recursive: true, force: true });
});

function quickstartBlocks(): string {
  const md = readFileSync(join(REPO_ROOT, 'docs', 'quickstart.md'), 'utf8');
  const blocks = [...md.matchAll(/<!-- quickstart -->\n```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
  expect(blocks.length).toBeGreaterThanOrEqual(6);
  return blocks.join('\n');
}

it('every code block of docs/quickstart.md runs against the platform and prints what the page says', async () => {
  const secret = (
    await new SigningSecrets(new DynamoCallbackSecrets(deps().config.TABLE_NAME), deps().secrets['merchant-secrets'], 0).get(
      merchant.clientKey,
      new Date(),
    )
  ).current;
  mkdirSync(workDir, { recursive: true });
  // Inside the repository, so `@open-payments/node` resolves to the workspace package; with a tsconfig of its own
  // (no "paths" to the source), so it resolves as a merchant's app does: package.json exports → dist/.
  const script = join(workDir, 'quickstart.mts');
  writeFileSync(script, quickstartBlocks());
  const tsconfig = join(workDir, 'tsconfig.json');
  writeFileSync(
    tsconfig,
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        types: ['node'],
        noEmit: true,
        skipLibCheck: false,
      },
      files: ['quickstart.mts'],
    }),
  );
  // The page's code type-checks against the package's published declarations (dist/*.d.ts).
  await run(join(REPO_ROOT, 'node_modules', '.bin', 'tsc'), ['-p', tsconfig], { cwd: REPO_ROOT });
  writeFileSync(join(workDir, 'resolve.mts'), "console.log(import.meta.resolve('@open-payments/node'));\n");
  const resolved = await run(join(REPO_ROOT, 'node_modules', '.bin', 'tsx'), ['--tsconfig', tsconfig, join(workDir, 'resolve.mts')], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  expect(resolved.stdout.trim()).toMatch(/sdk\/node\/dist\/index\.js$/);
  const { stdout } = await run(join(REPO_ROOT, 'node_modules', '.bin', 'tsx'), ['--tsconfig', tsconfig, script], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      BASE_URL: platform.url,
      CLIENT_KEY: merchant.clientKey,
      PASSWORD: merchant.password,
      SIGNING_SECRET: secret,
      WEBHOOK_PORT: String(port),
    },
    encoding: 'utf8',
    timeout: 60_000,
  });
  const shown = new Map<string, any>();
  for (const line of stdout.split('\n')) {
    const at = line.indexOf(' {');
    if (at > 0) shown.set(line.slice(0, at), JSON.parse(line.slice(at + 1)));
  }
  expect(shown.get('SALE')).toMatchObject({
    result: 'SUCCESS',
    status: 'SETTLED',
    card_token: expect.any(String),
    recurring_token: expect.any(String),
  });
  expect(shown.get('SALE declined')).toMatchObject({ result: 'DECLINED' });
  expect(shown.get('SALE 3DS')).toMatchObject({ result: 'REDIRECT', status: '3DS', redirect_url: expect.stringContaining(platform.url) });
  expect(shown.get('AUTH')).toMatchObject({ result: 'SUCCESS', status: 'PENDING' });
  expect(shown.get('CAPTURE')).toMatchObject({ result: 'SUCCESS', status: 'SETTLED' });
  expect(shown.get('CREDITVOID')).toMatchObject({ result: 'ACCEPTED' });
  expect(shown.get('GET_TRANS_STATUS')).toMatchObject({ result: 'SUCCESS' });
  expect(shown.get('GET_TRANS_STATUS_BY_ORDER')).toMatchObject({ result: 'SUCCESS' });
  expect(shown.get('RECURRING_SALE')).toMatchObject({ result: 'SUCCESS', status: 'SETTLED' });
  expect(shown.get('VOID')).toMatchObject({ result: 'SUCCESS', status: 'VOID' });
  expect(shown.get('CREDIT2CARD')).toMatchObject({ result: 'SUCCESS', status: 'SETTLED' });
  expect(shown.get('refused')).toMatchObject({ error_code: 100000, errors: [{ error_message: 'order_amount: This value is not valid.' }] });
  expect(shown.get('APM SALE')).toMatchObject({ result: 'SUCCESS', status: 'SETTLED' });
  expect(shown.get('Checkout session')).toEqual({ redirect_url: `${platform.url}/auth/…` });
  expect(shown.get('hosted-fields token')).toEqual({ token: true });
  expect(shown.get('callback')).toEqual({ protocol: 's2s-card', action: 'SALE', result: 'SUCCESS', status: 'SETTLED', verified: true });
}, 120_000);
