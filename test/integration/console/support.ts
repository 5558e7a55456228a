/** A console user in tests: invited through the real operations, signed in over HTTP like the console's page does. */
import { consoleDeps } from '../../../shared/entry/composition/deps.js';
import { createUser } from '../../../shared/operations/console/users.js';
import type { ConsoleRole } from '../../../shared/ports/console-users.js';

export const NEW_PASSWORD = 'Correct-Horse-42';

export interface ConsoleClient {
  email: string;
  cookie: string;
  csrf: string;
  get(path: string): Promise<{ status: number; body: any }>;
  send(method: 'POST' | 'PUT', path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: any }>;
}

/** Invites the user (a local invitation: the answer carries the one-time password) and returns it. */
export async function inviteConsoleUser(email: string, role: ConsoleRole, clientKey?: string): Promise<string> {
  const invited = await createUser(consoleDeps(), {
    email,
    role,
    ...(clientKey ? { clientKey } : {}),
    invitedBy: 'test',
    createdAt: new Date().toISOString(),
  });
  return invited.temporaryPassword!;
}

export async function call(baseUrl: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${baseUrl}/console/api${path}`, {
    method,
    // As the console's page sends it: browsers name the page's origin on every POST (the sign-in routes require it).
    headers: { origin: baseUrl, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed as any, cookies: res.headers.getSetCookie() };
}

/** First sign-in with the one-time password, the new password Cognito asks for, then the session cookies. */
export async function signInConsole(baseUrl: string, email: string, role: ConsoleRole, clientKey?: string): Promise<ConsoleClient> {
  const temporary = await inviteConsoleUser(email, role, clientKey);
  const first = await call(baseUrl, 'POST', '/sign-in', { email, password: temporary });
  if (first.body?.challenge !== 'NEW_PASSWORD_REQUIRED')
    throw new Error(`expected a new-password challenge: ${JSON.stringify(first.body)}`);
  const done = await call(baseUrl, 'POST', '/sign-in/challenge', { pending: first.body.pending, new_password: NEW_PASSWORD });
  if (done.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(done.body)}`);
  return clientFrom(baseUrl, email, done.cookies);
}

export function clientFrom(baseUrl: string, email: string, setCookies: string[]): ConsoleClient {
  const jar = Object.fromEntries(setCookies.map((c) => c.split(';')[0]!.split('=') as [string, string]));
  const cookie = Object.entries(jar)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
  const csrf = jar.console_csrf ?? '';
  return {
    email,
    cookie,
    csrf,
    get: (path) => call(baseUrl, 'GET', path, undefined, { cookie }),
    send: (method, path, body = {}, headers = {}) => call(baseUrl, method, path, body, { cookie, 'x-csrf-token': csrf, ...headers }),
  };
}
