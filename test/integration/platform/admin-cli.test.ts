/**
 * The admin CLI as a developer runs it, in its own processes against `npm start`: `--help` without a platform,
 * `callbacks listen` until Ctrl-C, `payments list|show`, `clock show|advance|reset`, and errors that say what to do.
 */
import { execFile, execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/local/emulators.js';
import { REPO_ROOT } from '../../../scripts/local/handlers.js';
import { eventually, postForm } from '../../support/platform.js';
import { startLocal } from '../../support/npm-start.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { formula1 } from '../../../shared/protocol/signature.js';

const children: ChildProcess[] = [];
let dataDir: string;
let port: number;
let shop: MerchantServer;
let laptop: MerchantServer;
let creds: { client_key: string; password: string };
let platform: ChildProcess;

beforeAll(async () => {
  [shop, laptop] = await Promise.all([startMerchantServer(), startMerchantServer()]);
  dataDir = mkdtempSync(join(tmpdir(), 'payments-admin-'));
  port = await freePort();
  platform = await startLocal(port, dataDir, { SANDBOX_NOTIFICATION_URL: shop.url }, children);
  creds = JSON.parse(readFileSync(join(dataDir, 'sandbox-merchant.json'), 'utf8'));
}, 180_000);
afterAll(async () => {
  // Ctrl-C, as a developer stops it: the platform takes its emulators down with it.
  if (platform && platform.exitCode === null) {
    const exited = new Promise((resolve) => platform.once('exit', resolve));
    process.kill(-platform.pid!, 'SIGINT');
    await exited;
  }
  for (const c of children) {
    try {
      process.kill(-c.pid!, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
  await Promise.all([shop?.close(), laptop?.close()]);
});

const env = () => ({ ...process.env, LOCAL_DATA_DIR: dataDir });
const admin = (...args: string[]) =>
  execFileSync('npm', ['run', '-s', 'admin', '--', ...args], {
    cwd: REPO_ROOT,
    env: env(),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
const adminFails = (...args: string[]) => {
  const res = spawnSync('npm', ['run', '-s', 'admin', '--', ...args], { cwd: REPO_ROOT, env: env(), encoding: 'utf8' });
  expect(res.status).toBe(1);
  return res.stderr;
};
const sale = async () =>
  (
    await postForm(`http://127.0.0.1:${port}/post`, {
      action: 'SALE',
      client_key: creds.client_key,
      order_id: `o-${Date.now()}`,
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
    })
  ).body;

describe('npm run admin', () => {
  // The seven help screens run side by side: each is a tsx start-up (~1.6 s alone, far more on a loaded machine).
  it('answers --help with an example for every group, without a running platform', async () => {
    const none = { ...process.env, LOCAL_DATA_DIR: mkdtempSync(join(tmpdir(), 'payments-none-')) };
    const help = (args: string[]) =>
      promisify(execFile)('npm', ['run', '-s', 'admin', '--', ...args], { cwd: REPO_ROOT, env: none, encoding: 'utf8' }).then(
        (r) => r.stdout,
      );
    const groups = ['payments', 'callbacks', 'clock', 'schedules', 'chargebacks', 'wallets'];
    const [top, ...outs] = await Promise.all([help(['--help']), ...groups.map((g) => help([g, '--help']))]);
    groups.forEach((group, i) => {
      expect(outs[i]).toContain(`npm run admin -- ${group}`);
      expect(outs[i]).toContain('example:');
    });
    expect(top).toContain('example:');
  }, 90_000);

  it('callbacks listen forwards until Ctrl-C, one line per event', async () => {
    const listener = spawn(
      'npm',
      ['run', '-s', 'admin', '--', 'callbacks', 'listen', '--merchant', creds.client_key, '--forward-to', `${laptop.url}/webhooks`],
      {
        cwd: REPO_ROOT,
        env: env(),
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      },
    );
    children.push(listener);
    let out = '';
    listener.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    listener.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    await eventually(() => out.includes('Ready!') || undefined, 30_000);
    const paid = await sale();
    await eventually(() => laptop.received.find((c) => c.fields.trans_id === paid.trans_id), 20_000);
    await eventually(() => out.includes(paid.trans_id) || undefined);
    expect(out).toMatch(
      new RegExp(`--> SALE SETTLED trans_id=${paid.trans_id} seq=1 attempt=1 .*platform: DELIVERED 200  forward: \\[200\\]`),
    );
    const closed = new Promise<number | null>((resolve) => listener.once('close', (code) => resolve(code)));
    process.kill(-listener.pid!, 'SIGINT');
    await closed;
    expect(out).toContain('Stopped: 1 callback(s) forwarded');
  }, 60_000);

  it('payments list and show: tables, --json, and errors that say what to do', async () => {
    const paid = await sale();
    await eventually(() => shop.received.find((c) => c.fields.trans_id === paid.trans_id), 20_000);
    const listed = JSON.parse(admin('payments', 'list', '--merchant', creds.client_key, '--json'));
    expect(listed.payments[0]).toMatchObject({ transId: paid.trans_id, status: 'SETTLED', amount: '1.99', currency: 'USD' });
    expect(admin('payments', 'list', '--merchant', creds.client_key)).toMatch(/^CREATED\s+TRANS_ID/);
    const shown = await eventually(() => {
      const table = admin('payments', 'show', paid.trans_id);
      return table.includes('DELIVERED 200') ? table : undefined;
    });
    expect(shown).toContain('Timeline');
    expect(shown).toMatch(/transaction\s+SALE 1\.99 USD\s+success/);
    expect(adminFails('payments', 'show', 'no-such-payment')).toContain('npm run admin -- payments list --merchant CLIENT_KEY');
    expect(adminFails('payments', 'list', '--merchant', 'nope')).toContain('npm run admin -- merchants list');
  }, 60_000);

  it('clock show, advance (with progress on stderr) and reset', () => {
    const mine = ['--merchant', creds.client_key];
    expect(JSON.parse(admin('clock', 'show', ...mine))).toMatchObject({ stage: 'local', clientKey: creds.client_key, offsetMs: 0 });
    const advanced = spawnSync('npm', ['run', '-s', 'admin', '--', 'clock', 'advance', '--by', '1d', ...mine], {
      cwd: REPO_ROOT,
      env: env(),
      encoding: 'utf8',
    });
    expect(advanced.status).toBe(0);
    expect(JSON.parse(advanced.stdout)).toMatchObject({ offset: expect.stringMatching(/^\+1d/), scheduledRuns: 0, reconciled: 0 });
    expect(advanced.stderr).toContain('clock: now');
    expect(advanced.stderr).toContain('done: 0 scheduled run(s)');
    expect(adminFails('clock', 'advance', '--by', 'soon', ...mine)).toContain('--by 14d');
    expect(adminFails('clock', 'advance', '--by', '1d')).toContain('--merchant CLIENT_KEY is required');
    expect(JSON.parse(admin('clock', 'reset', ...mine))).toMatchObject({ offsetMs: 0 });
  }, 60_000);
});
