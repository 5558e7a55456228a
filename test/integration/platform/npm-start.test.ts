/**
 * `npm start` as a user runs it: a child process with its own emulators, PORT and LOCAL_DATA_DIR. Checks health,
 * a sale with the printed sandbox credentials, a clean stop on SIGTERM (no emulator left), and that the sandbox
 * merchant, its payments and its sealed secrets survive a restart (moto's KMS key is new; data keys are re-wrapped).
 */
import { spawnSync, execSync, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/local/emulators.js';
import { REPO_ROOT } from '../../../scripts/local/handlers.js';
import { eventually, postForm } from '../../support/platform.js';
import { startLocal as startLocalWith } from '../../support/npm-start.js';
import { formula1, formula2 } from '../../../shared/protocol/signature.js';

const children: ChildProcess[] = [];
afterAll(() => children.forEach((c) => c.kill('SIGKILL')));

const startLocal = (port: number, dataDir: string) =>
  startLocalWith(port, dataDir, { SANDBOX_NOTIFICATION_URL: 'http://127.0.0.1:9/none' }, children);

/** Ctrl-C in a terminal: SIGINT to the whole foreground process group (npm and the platform under it). */
function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    process.kill(-child.pid!, 'SIGINT');
  });
}

function emulatorsUsing(dataDir: string): number {
  const out = execSync('ps -eo args', { encoding: 'utf8' });
  return out.split('\n').filter((l) => l.includes('DynamoDBLocal.jar') && l.includes(dataDir)).length;
}

describe('npm start', () => {
  it('serves, stops cleanly and keeps the sandbox merchant and payments across a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'payments-local-'));
    const otherDir = mkdtempSync(join(tmpdir(), 'payments-local-'));
    const port = await freePort();
    const otherPort = await freePort();
    // Two instances side by side, each with its own port and data folder.
    const [first, other] = await Promise.all([startLocal(port, dataDir), startLocal(otherPort, otherDir)]);
    const otherCreds = JSON.parse(readFileSync(join(otherDir, 'sandbox-merchant.json'), 'utf8'));
    expect(await fetch(`http://127.0.0.1:${otherPort}/health`).then((r) => r.status)).toBe(200);
    await stop(other);
    const health = await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.json());
    expect(health).toMatchObject({ status: 'ok' });

    const credsFile = join(dataDir, 'sandbox-merchant.json');
    expect(existsSync(credsFile)).toBe(true);
    const creds = JSON.parse(readFileSync(credsFile, 'utf8'));
    expect(creds.client_key).not.toBe(otherCreds.client_key);
    expect(creds).toMatchObject({
      client_key: expect.any(String),
      password: expect.stringMatching(/^[0-9a-f]{32}$/),
      notification_url: 'http://127.0.0.1:9/none',
    });

    const sale = (orderId: string) =>
      postForm(`http://127.0.0.1:${port}/post`, {
        action: 'SALE',
        client_key: creds.client_key,
        order_id: orderId,
        order_amount: '1.99',
        order_currency: 'USD',
        order_description: 'Local',
        card_number: '4111111111111111',
        card_exp_month: '01',
        card_exp_year: '2038',
        card_cvv2: '123',
        payer_first_name: 'A',
        payer_last_name: 'B',
        payer_email: 'doe@example.com',
        payer_phone: '123',
        payer_ip: '127.0.0.1',
        term_url_3ds: 'https://example.com/',
        hash: formula1({ email: 'doe@example.com', password: creds.password, cardNumber: '4111111111111111' }),
      });
    const paid = await sale('before-restart');
    expect(paid.body).toMatchObject({ result: 'SUCCESS', status: 'SETTLED' });

    // The admin CLI finds the running instance and provisions a merchant that can pay at once.
    const admin = (...args: string[]) =>
      JSON.parse(
        execFileSync('npm', ['run', '-s', 'admin', '--', ...args], {
          cwd: REPO_ROOT,
          env: { ...process.env, LOCAL_DATA_DIR: dataDir },
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
        }),
      );
    const shop = admin('merchants', 'create', '--name', 'Shop B', '--notification-url', 'https://shop.example/cb');
    expect(shop).toMatchObject({
      name: 'Shop B',
      notificationUrl: 'https://shop.example/cb',
      password: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(admin('mids', 'create', shop.clientKey, '--mode', 'DMS', '--moto')).toMatchObject({
      paymentMode: 'DMS',
      moto: true,
      connector: 'sandbox',
    });
    expect(admin('mids', 'list', shop.clientKey)).toHaveLength(1);
    // The sandbox merchant's notification URL refuses connections: the delivery log shows the failed attempt.
    const log = await eventually(() => {
      const entries = admin('callbacks', 'log', creds.client_key) as { transId: string; error?: string }[];
      return entries.find((e) => e.transId === paid.body.trans_id);
    }, 30_000);
    expect(log.error).toBeTruthy();
    expect(admin('callbacks', 'schedule')).toMatchObject({ attempts: 8 });
    const configured = admin(
      'merchants',
      'update',
      shop.clientKey,
      '--enable-mapping',
      'payer',
      '--disable-mapping',
      'browser',
      '--link-target',
      '_top',
      '--terms-checkbox',
      'on',
      '--require-payer-fields',
      'payer_address,payer_zip',
    );
    expect(configured).toMatchObject({
      linkTarget: '_top',
      termsCheckbox: true,
      requiredPayerFields: ['payer_address', 'payer_zip'],
      mappings: { payer: true, browser: false },
    });
    expect(() => admin('merchants', 'update', shop.clientKey, '--enable-mapping', 'nope')).toThrow(/Unknown group "nope"/);
    const rotated = admin('merchants', 'update', shop.clientKey, '--rotate-password');
    expect(rotated.password).not.toBe(shop.password);
    expect(admin('merchants', 'show', shop.clientKey).password).not.toContain(rotated.password);

    await stop(first);
    // The emulators' guards notice their platform is gone within a second or so: waited for, not timed.
    await eventually(() => emulatorsUsing(dataDir) === 0 || undefined, 30_000);

    const second = await startLocal(port, dataDir);
    const again = JSON.parse(readFileSync(credsFile, 'utf8'));
    expect(again.client_key).toBe(creds.client_key);
    expect(again.password).toBe(creds.password);
    const status = await postForm(`http://127.0.0.1:${port}/post`, {
      action: 'GET_TRANS_STATUS',
      client_key: creds.client_key,
      trans_id: paid.body.trans_id,
      hash: formula2({ email: 'doe@example.com', password: creds.password, transId: paid.body.trans_id, cardNumber: '4111111111111111' }),
    });
    expect(status.body).toMatchObject({ result: 'SUCCESS', status: 'SETTLED', trans_id: paid.body.trans_id });
    expect((await sale('after-restart')).body).toMatchObject({ result: 'SUCCESS' });
    await stop(second);
    // The emulators' guards notice their platform is gone within a second or so: waited for, not timed.
    await eventually(() => emulatorsUsing(dataDir) === 0 || undefined, 30_000);
    // Three starts (two side by side) and ten admin CLI runs: about 50 s on an idle machine, 170 s on a busy 2-core one.
  }, 600_000);
});

describe('npm start without a prerequisite', () => {
  it('stops with one message naming what to install', async () => {
    // A PATH with node, bash and python3 but no java.
    const bin = mkdtempSync(join(tmpdir(), 'no-java-'));
    for (const tool of ['node', 'bash', 'python3', 'sleep', 'kill']) {
      const target = execSync(`command -v ${tool}`, { encoding: 'utf8', shell: '/bin/bash' }).trim();
      symlinkSync(target, join(bin, tool));
    }
    const res = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/local/start.ts'], {
      cwd: REPO_ROOT,
      env: { ...process.env, PATH: bin, PORT: '0', LOCAL_DATA_DIR: mkdtempSync(join(tmpdir(), 'payments-local-')) },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(res.status).toBe(1);
    expect(res.stderr).toContain(
      'Cannot start: Java 17 or newer is required for DynamoDB Local. Install it with: apt-get install -y openjdk-17-jre-headless',
    );
  }, 60_000);
});
