/**
 * Console sign-in and session security on a real local platform (DynamoDB Local, moto's cognito-idp): the sign-in
 * routes refuse what a cross-site form can send (login CSRF), an unknown email takes the same steps as a known one,
 * the session probe answers 200 signed out, sessions end after 15 minutes idle (and still 8 hours after sign-in),
 * and the audit log names the viewer's address only when the request came through the stage's CloudFront.
 */
import { request } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { consoleDeps } from '../../../shared/entry/composition/deps.js';
import { DynamoConsoleSessions } from '../../../shared/adapters/aws/dynamo-console-sessions.js';
import { signIn } from '../../../shared/operations/console/sign-in.js';
import type { ConsoleContext } from '../../../shared/operations/console/console-deps.js';
import type { ConsoleIdentity } from '../../../shared/ports/console-identity.js';
import { usePlatform } from '../../support/platform.js';
import { call, clientFrom, NEW_PASSWORD, signInConsole, type ConsoleClient } from './support.js';

const VERIFY = 'the-stage-cloudfront-verify-value';
const platform = usePlatform({ CONSOLE_ORIGIN_VERIFY: VERIFY });
let operator: ConsoleClient;

beforeAll(async () => {
  operator = await signInConsole(platform.url, 'ops@session.example', 'operator');
});

const sessionIdOf = (c: ConsoleClient) => /console_session=([^;]+)/.exec(c.cookie)![1]!;
const sessions = () => new DynamoConsoleSessions(consoleDeps().d.config.TABLE_NAME);
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

describe('login CSRF: the sign-in routes take JSON from the console’s own page only', () => {
  const credentials = JSON.stringify({ email: 'ops@session.example', password: NEW_PASSWORD });
  const post = (path: string, headers: Record<string, string>, body = credentials) =>
    fetch(`${platform.url}/console/api${path}`, { method: 'POST', headers, body }).then(async (r) => ({
      status: r.status,
      body: (await r.json()) as any,
      cookies: r.headers.getSetCookie(),
    }));

  it('refuses what a cross-site form can send: text/plain, urlencoded, a foreign or missing Origin', async () => {
    const own = platform.url;
    // The attack: an HTML form on another site posting the attacker's credentials as text/plain.
    const forged = await post('/sign-in', { origin: 'https://evil.example', 'content-type': 'text/plain' });
    expect(forged).toMatchObject({ status: 403, body: { error_message: expect.stringMatching(/own page/) }, cookies: [] });
    expect((await post('/sign-in', { origin: own, 'content-type': 'text/plain' })).status).toBe(415);
    expect((await post('/sign-in', { origin: own, 'content-type': 'application/x-www-form-urlencoded' })).body.error_message).toMatch(
      /application\/json/,
    );
    expect((await post('/sign-in', { origin: 'https://evil.example', 'content-type': 'application/json' })).status).toBe(403);
    expect((await post('/sign-in', { origin: 'null', 'content-type': 'application/json' })).status).toBe(403);
    expect((await post('/sign-in', { 'content-type': 'application/json' })).status).toBe(403);
    expect((await post('/sign-in/challenge', { origin: 'https://evil.example', 'content-type': 'application/json' }, '{}')).status).toBe(
      403,
    );
    expect((await post('/sign-in/challenge', { origin: own, 'content-type': 'text/plain' }, '{}')).status).toBe(415);
  });

  it('signs in with application/json from the console’s origin, or from the host the request was sent to', async () => {
    const own = await post('/sign-in', { origin: platform.url, 'content-type': 'application/json; charset=utf-8' });
    expect(own.status).toBe(200);
    // The local platform opened as localhost instead of 127.0.0.1: the page's own host.
    const port = new URL(platform.url).port;
    // fetch sets Host itself; node:http sends the one a browser on http://localhost would.
    const viaHost = (host: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request(
          `${platform.url}/console/api/sign-in`,
          { method: 'POST', headers: { host, origin: `http://localhost:${port}`, 'content-type': 'application/json' } },
          (res) => {
            res.resume();
            resolve(res.statusCode!);
          },
        );
        req.on('error', reject);
        req.end(credentials);
      });
    expect(await viaHost(`localhost:${port}`)).toBe(200);
    expect(await viaHost(`127.0.0.1:${port}`)).toBe(403);
  });
});

describe('an unknown email takes the same steps as a known one', () => {
  /** The console context with its user store and Cognito recorded, step by step. */
  function recorded(steps: string[]): ReturnType<typeof consoleDeps> {
    const cx = consoleDeps();
    const real = cx.identity();
    const identity: ConsoleIdentity = {
      signIn: (email, password) => (steps.push('identity.signIn'), real.signIn(email, password)),
      respond: (email, answer) => (steps.push('identity.respond'), real.respond(email, answer)),
      invite: (email, opts) => real.invite(email, opts),
      disable: (email) => real.disable(email),
      enable: (email) => real.enable(email),
    };
    const users = Object.create(cx.users) as ConsoleContext['users'];
    users.get = (email: string) => (steps.push('users.get'), cx.users.get(email));
    return { ...cx, users, identity: () => identity };
  }
  const from = { sourceIp: '192.0.2.1' };

  it('checks the password with Cognito for an unknown, a disabled and a known email alike, and refuses them alike', async () => {
    await signInConsole(platform.url, 'disabled@session.example', 'operator');
    await consoleDeps().users.setDisabled('disabled@session.example', true);
    const attempts = ['ops@session.example', 'nobody@session.example', 'disabled@session.example'];
    const outcomes: { steps: string[]; message: string }[] = [];
    for (const email of attempts) {
      const steps: string[] = [];
      const err = (await signIn(recorded(steps), { email, password: 'Wrong-Password-1' }, from).catch((e: Error) => e)) as Error;
      outcomes.push({ steps, message: err.message });
    }
    expect(outcomes[0]).toEqual({ steps: ['users.get', 'identity.signIn'], message: 'Incorrect email or password.' });
    expect(outcomes[1]).toEqual(outcomes[0]);
    expect(outcomes[2]).toEqual(outcomes[0]);
  });

  it('a disabled user with the right password is refused after the same steps', async () => {
    const steps: string[] = [];
    await consoleDeps().users.setDisabled('disabled@session.example', false);
    await signInConsole(platform.url, 'paused@session.example', 'operator');
    await consoleDeps().users.setDisabled('paused@session.example', true);
    await expect(signIn(recorded(steps), { email: 'paused@session.example', password: NEW_PASSWORD }, from)).rejects.toThrow(
      'Incorrect email or password.',
    );
    expect(steps).toEqual(['users.get', 'identity.signIn']);
  });
});

describe('the session probe and the idle timeout', () => {
  it('answers 200 { signedIn: false } without a session, and the user with the CSRF token with one', async () => {
    expect(await call(platform.url, 'GET', '/me')).toMatchObject({ status: 200, body: { signedIn: false } });
    const me = await operator.get('/me');
    expect(me).toMatchObject({
      status: 200,
      body: { signedIn: true, user: { email: 'ops@session.example', role: 'operator' }, csrfToken: operator.csrf },
    });
  });

  it('keeps a session used within 15 minutes, and moves its last use forward', async () => {
    const c = await signInConsole(platform.url, 'busy@session.example', 'operator');
    await sessions().touch(sessionIdOf(c), minutesAgo(14));
    expect((await c.get('/merchants')).status).toBe(200);
    const seen = Date.parse((await sessions().get(sessionIdOf(c)))!.lastSeenAt);
    expect(Date.now() - seen).toBeLessThan(5 * 60_000);
    expect((await c.get('/merchants')).status).toBe(200);
  });

  it('ends a session idle for 15 minutes: the next call answers 401 saying why, and so does every later one', async () => {
    const c = await signInConsole(platform.url, 'idle@session.example', 'operator');
    await sessions().touch(sessionIdOf(c), minutesAgo(15));
    const idle = { status: 401, body: { error_message: 'Signed out after 15 minutes without activity; sign in again.' } };
    expect(await c.send('POST', '/merchants', { name: 'Idle Shop' })).toMatchObject(idle);
    // A page fires several calls at once: each is told the same reason, none revives the session.
    const all = await Promise.all([c.get('/merchants'), c.get('/payments'), c.get('/callbacks'), c.get('/merchants')]);
    for (const r of all) expect(r).toMatchObject(idle);
    expect(await c.get('/merchants')).toMatchObject(idle);
  });

  it('tells the page why on its probe, and clears the cookies', async () => {
    const c = await signInConsole(platform.url, 'idle-probe@session.example', 'operator');
    await sessions().touch(sessionIdOf(c), minutesAgo(16));
    const probe = await c.get('/me');
    expect(probe.body).toEqual({ signedIn: false, reason: 'idle', message: expect.stringMatching(/15 minutes/) });
  });

  it('still ends a session 8 hours after sign-in, however busy', async () => {
    const c = await signInConsole(platform.url, 'long@session.example', 'operator');
    const s = (await sessions().get(sessionIdOf(c)))!;
    const id = `${sessionIdOf(c)}-old`;
    await sessions().create(id, { ...s, createdAt: minutesAgo(8 * 60 + 1), expiresAt: minutesAgo(1), lastSeenAt: minutesAgo(0) });
    const old = clientFrom(platform.url, c.email, [`console_session=${id}`, `console_csrf=${s.csrfToken}`]);
    expect((await old.get('/me')).body).toEqual({ signedIn: false });
    expect((await old.get('/merchants')).status).toBe(401);
  });
});

describe('the audit log’s address behind CloudFront', () => {
  const signInFrom = async (headers: Record<string, string>) => {
    const res = await call(platform.url, 'POST', '/sign-in', { email: 'ops@session.example', password: NEW_PASSWORD }, headers);
    expect(res.status).toBe(200);
    const c = clientFrom(platform.url, 'ops@session.example', res.cookies);
    const entries = (await operator.get('/audit')).body.entries as { action: string; actor: string; sourceIp: string; at: string }[];
    const signIns = entries.filter((e) => e.action === 'user.sign-in' && e.actor === 'ops@session.example');
    return { c, sourceIp: signIns[0]!.sourceIp };
  };

  it('records the viewer’s address (IPv4 and IPv6) when the stage’s CloudFront sent the request', async () => {
    expect((await signInFrom({ 'x-console-origin-verify': VERIFY, 'cloudfront-viewer-address': '203.0.113.7:51234' })).sourceIp).toBe(
      '203.0.113.7',
    );
    expect((await signInFrom({ 'x-console-origin-verify': VERIFY, 'cloudfront-viewer-address': '2001:db8::42:443' })).sourceIp).toBe(
      '2001:db8::42',
    );
  });

  it('ignores CloudFront-Viewer-Address sent without the stage’s verify value (a direct call to the API)', async () => {
    expect((await signInFrom({ 'cloudfront-viewer-address': '198.51.100.9:1234' })).sourceIp).toBe('127.0.0.1');
    expect((await signInFrom({ 'x-console-origin-verify': 'guessed', 'cloudfront-viewer-address': '198.51.100.9:1234' })).sourceIp).toBe(
      '127.0.0.1',
    );
    expect((await signInFrom({ 'x-console-origin-verify': VERIFY, 'cloudfront-viewer-address': 'not-an-address' })).sourceIp).toBe(
      '127.0.0.1',
    );
  });
});

describe('emailed invitations (a deployed stage, and `operators create --stage`)', () => {
  it('leave the one-time password to Cognito: the one we would have made does not sign in', async () => {
    const cx = consoleDeps();
    await cx.identity().invite('mailed@session.example', { deliver: true, temporaryPassword: 'Ours-Not-Used-42' });
    await expect(cx.identity().signIn('mailed@session.example', 'Ours-Not-Used-42')).rejects.toThrow('Incorrect email or password.');
    // The account exists, waiting for its first sign-in: a second invitation is refused by Cognito.
    await expect(
      cx.identity().invite('mailed@session.example', { deliver: true, temporaryPassword: 'Ours-Not-Used-42' }),
    ).rejects.toMatchObject({ name: 'UsernameExistsException' });
  });
});
