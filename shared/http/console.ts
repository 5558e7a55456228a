/**
 * The console API's HTTP glue: session cookie → Principal, the CSRF check on every state-changing call, JSON in and
 * out, errors in the Checkout error body. Handlers call one console operation through consoleRoute().
 */
import { timingSafeEqual } from 'node:crypto';
import { header, json, rawBody, type HttpEvent, type HttpResult } from './http.js';
import { httpEndpoint } from './endpoint.js';
import { ValidationError } from '../errors.js';
import type { ConsoleSession } from '../ports/console-sessions.js';
import type { ConsoleContext } from '../operations/console/console-deps.js';
import type { ConsoleIdentity } from '../ports/console-identity.js';
import type { Deps } from '../deps.js';
import { consoleContext } from '../composition/console.js';
import { ConsoleAuthError, ConsoleForbiddenError } from '../operations/console/errors.js';
import type { Principal } from '../operations/console/roles.js';

export const SESSION_COOKIE = 'console_session';
export const CSRF_COOKIE = 'console_csrf';
export const CSRF_HEADER = 'x-csrf-token';

/**
 * What a console function's operation reads: `ports`, its composition (composition({ … }) in the function's entry,
 * so its bundle holds only those adapters and SDK clients), and `identity` (shared/composition/console-identity.ts)
 * for the functions that use Cognito.
 */
export interface ConsoleWiring {
  ports: () => Deps;
  identity?: () => ConsoleIdentity;
}

export interface ConsoleRequest {
  cx: ConsoleContext;
  event: HttpEvent;
  /** The parsed JSON body ({} when empty). */
  body: unknown;
  query: Record<string, string | undefined>;
  params: Record<string, string | undefined>;
  from: { sourceIp: string; userAgent?: string };
}

export interface SignedInRequest extends ConsoleRequest {
  p: Principal;
  sessionId: string;
  session: ConsoleSession;
}

export interface ConsoleReply {
  status?: number;
  body: unknown;
  cookies?: string[];
}

export function cookieValue(event: HttpEvent, name: string): string | undefined {
  const all = event.cookies ?? header(event, 'cookie')?.split(/;\s*/) ?? [];
  for (const c of all) {
    const i = c.indexOf('=');
    if (i > 0 && c.slice(0, i).trim() === name) return c.slice(i + 1).trim();
  }
  return undefined;
}

/** Secure everywhere but plain-http local addresses, where browsers would drop a Secure cookie. */
function secure(cx: ConsoleContext): boolean {
  return (cx.d.config.CONSOLE_URL ?? cx.d.config.PUBLIC_BASE_URL).startsWith('https:');
}

export function sessionCookies(cx: ConsoleContext, sessionId: string, session: ConsoleSession): string[] {
  const maxAge = Math.max(0, Math.floor((Date.parse(session.expiresAt) - Date.now()) / 1000));
  const attrs = `Path=/console; Max-Age=${maxAge}; SameSite=Strict${secure(cx) ? '; Secure' : ''}`;
  // The CSRF cookie is readable by the console's own script, which repeats it in X-CSRF-Token (double submit).
  return [`${SESSION_COOKIE}=${sessionId}; HttpOnly; ${attrs}`, `${CSRF_COOKIE}=${session.csrfToken}; ${attrs}`];
}

export function clearedCookies(cx: ConsoleContext): string[] {
  const attrs = `Path=/console; Max-Age=0; SameSite=Strict${secure(cx) ? '; Secure' : ''}`;
  return [`${SESSION_COOKIE}=; HttpOnly; ${attrs}`, `${CSRF_COOKIE}=; ${attrs}`];
}

function parseBody(event: HttpEvent): unknown {
  const text = rawBody(event);
  if (!text) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw ValidationError.rule('', 'The body must be JSON.');
  }
}

function request(wiring: ConsoleWiring, event: HttpEvent): ConsoleRequest {
  return {
    cx: consoleContext(wiring.ports(), wiring.identity),
    event,
    body: event.requestContext.http.method === 'GET' ? {} : parseBody(event),
    query: event.queryStringParameters ?? {},
    params: event.pathParameters ?? {},
    from: { sourceIp: event.requestContext.http.sourceIp, userAgent: header(event, 'user-agent') },
  };
}

function reply(r: ConsoleReply): HttpResult {
  const res = json(r.status ?? 200, r.body, { 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' });
  return r.cookies?.length ? { ...res, cookies: r.cookies } : res;
}

function sameToken(a: string | undefined, b: string): boolean {
  if (!a) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A route anyone may call (sign-in). */
export function publicConsoleRoute(route: string, wiring: ConsoleWiring, fn: (req: ConsoleRequest) => Promise<ConsoleReply>) {
  return httpEndpoint(route, async (event) => reply(await fn(request(wiring, event))));
}

/** A route for signed-in users; POST and PUT also need the session's CSRF token in X-CSRF-Token. */
export function consoleRoute(route: string, wiring: ConsoleWiring, fn: (req: SignedInRequest) => Promise<ConsoleReply>) {
  return httpEndpoint(
    route,
    async (event) => {
      const sessionId = cookieValue(event, SESSION_COOKIE);
      const base = request(wiring, event);
      const session = sessionId ? await base.cx.sessions.get(sessionId) : undefined;
      if (!sessionId || !session) throw new ConsoleAuthError();
      // A disabled (or removed) user's sessions stop at once, not when they expire.
      const user = await base.cx.users.get(session.email);
      if (!user || user.disabled) throw new ConsoleAuthError();
      if (event.requestContext.http.method !== 'GET' && !sameToken(header(event, CSRF_HEADER), session.csrfToken)) {
        throw new ConsoleForbiddenError('Missing or wrong X-CSRF-Token; reload the console.');
      }
      const p: Principal = { email: session.email, role: session.role, ...(session.clientKey ? { clientKey: session.clientKey } : {}), ...base.from };
      return reply(await fn({ ...base, p, sessionId, session }));
    },
  );
}
