/**
 * `npm run admin -- operators create`, in its own process against `npm start`, as a deployer makes the first console
 * operator: the record and the Cognito account (locally the one-time password is printed, not emailed), then the
 * operator signs in to the console with it and chooses a password. A second create of the same email is refused.
 */
import { execFile, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/local/emulators.js';
import { REPO_ROOT } from '../../../scripts/local/handlers.js';
import { startLocal } from '../../support/npm-start.js';
import { call, clientFrom, NEW_PASSWORD } from '../console/support.js';

const children: ChildProcess[] = [];
let dataDir: string;
let url: string;
let platform: ChildProcess;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'payments-operators-'));
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  platform = await startLocal(port, dataDir, {}, children);
}, 180_000);
afterAll(async () => {
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
});

/** The CLI in its own process; asynchronously, so this process's keep-alive sockets see the server close them meanwhile. */
const admin = (...args: string[]) =>
  new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      'npm',
      ['run', '-s', 'admin', '--', ...args],
      { cwd: REPO_ROOT, env: { ...process.env, LOCAL_DATA_DIR: dataDir }, encoding: 'utf8' },
      (err, stdout, stderr) => resolve({ status: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });

describe('npm run admin -- operators', () => {
  it('creates an operator who signs in to the console with the one-time password and picks a new one', async () => {
    const created = await admin('operators', 'create', '--email', 'First.Operator@Example.com');
    expect(created.stderr).toBe('');
    expect(created.status).toBe(0);
    const invited = JSON.parse(created.stdout) as { email: string; role: string; temporaryPassword: string; invitationLink: string };
    expect(invited).toMatchObject({ email: 'first.operator@example.com', role: 'operator' });
    expect(invited.invitationLink).toContain(`${url}/console/#/sign-in?`);

    const first = await call(url, 'POST', '/sign-in', { email: invited.email, password: invited.temporaryPassword });
    expect(first.body.challenge).toBe('NEW_PASSWORD_REQUIRED');
    const done = await call(url, 'POST', '/sign-in/challenge', { pending: first.body.pending, new_password: NEW_PASSWORD });
    expect(done).toMatchObject({ status: 200, body: { user: { email: invited.email, role: 'operator' } } });
    // An operator indeed: the operators' list of console users answers, and names them.
    const operator = clientFrom(url, invited.email, done.cookies);
    const operators = await operator.get('/users?client_key=operators');
    expect(operators.status).toBe(200);
    expect(operators.body.users.map((u: { email: string }) => u.email)).toContain(invited.email);
  });

  it('refuses a second operator with the same email, and an invalid email, saying what to do', async () => {
    const again = await admin('operators', 'create', '--email', 'first.operator@example.com');
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/exists already/);
    const bad = await admin('operators', 'create', '--email', 'not-an-email');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/--email/);
  });

  it('answers --help with an example', async () => {
    const help = await admin('operators', '--help');
    expect(help.stdout).toContain('npm run admin -- operators create --stage');
    expect(help.stdout).toContain('example:');
  });
});
