/**
 * The console API's HTTP glue: session cookie → Principal, the CSRF check on every state-changing call, JSON in and
 * out, errors in the Checkout error body. Handlers call one console operation through consoleRoute().
 */
import { parseJson } from '@open-payments/protocol';
import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { header, json, rawBody, type HttpEvent, type HttpResult } from './http.js';
import { httpEndpoint } from './endpoint.js';
import { ValidationError } from '../../domain/errors.js';
import type { ConsoleSession } from '../../ports/console-sessions.js';
import type { ConsoleContext } from '../../operations/console/console-deps.js';
import type { ConsoleIdentity } from '../../ports/console-identity.js';
import type { Deps } from '../../operations/deps.js';
import { consoleContext } from '../composition/console.js';
import { ConsoleAuthError, ConsoleForbiddenError, ConsoleUnsupportedMediaError } from '../../operations/console/errors.js';
import type { Principal } from '../../operations/console/roles.js';
import { currentSession } from '../../operations/console/session.js';
import type { ConsoleMeAnswer } from '../../protocol/console/answers.js';

export const SESSION_COOKIE = 'console_session';
export const CSRF_COOKIE = 'console_csrf';
export const CSRF_HEADER = 'x-csrf-token';
/** Sent by the stage's CloudFront to the console API (infra/constructs/console.ts) with CONSOLE_ORIGIN_VERIFY's value. */
export const ORIGIN_VERIFY_HEADER = 'x-console-origin-verify';

/**
 * What a console function's operation reads: `ports`, its composition (composition({ … }) in the function's entry,
 * so its bundle holds only those adapters and SDK clients), and `identity` (shared/entry/composition/console-identity.ts)
 * for the functions that use Cognito.
 */
/** What the console's own glue reads: cookies' Secure flag, its origin, the idle timeout. */
export type ConsoleBaseDeps = Pick<Deps, 'config'>;

export interface ConsoleWiring<D extends ConsoleBaseDeps> {
  /** The function's composition: it must hold the ports its operation declares (`ConsoleContext<Pick<Deps, …>>`). */
  ports: () => D;
  identity?: () => ConsoleIdentity;
}

export interface ConsoleRequest<D extends ConsoleBaseDeps = ConsoleBaseDeps> {
  cx: ConsoleContext<D>;
  event: HttpEvent;
  /** The parsed JSON body ({} when empty). */
  body: unknown;
  query: Record<string, string | undefined>;
  params: Record<string, string | undefined>;
  from: { sourceIp: string; userAgent?: string };
}

export interface SignedInRequest<D extends ConsoleBaseDeps = ConsoleBaseDeps> extends ConsoleRequest<D> {
  p: Principal;
  sessionId: string;
  session: ConsoleSession;
}

export interface ConsoleReply {
  status?: number;
  body: unknown;
  cookies?: string[];
  /** Not JSON: `body` is sent as it is, with these headers (a CSV download). */
  raw?: { headers: Record<string, string> };
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
function secure(cx: ConsoleContext<ConsoleBaseDeps>): boolean {
  return (cx.d.config.CONSOLE_URL ?? cx.d.config.PUBLIC_BASE_URL).startsWith('https:');
}

export function sessionCookies(cx: ConsoleContext<ConsoleBaseDeps>, sessionId: string, session: ConsoleSession): string[] {
  const maxAge = Math.max(0, Math.floor((Date.parse(session.expiresAt) - Date.now()) / 1000));
  const attrs = `Path=/console; Max-Age=${maxAge}; SameSite=Strict${secure(cx) ? '; Secure' : ''}`;
  // The CSRF cookie is readable by the console's own script, which repeats it in X-CSRF-Token (double submit).
  return [`${SESSION_COOKIE}=${sessionId}; HttpOnly; ${attrs}`, `${CSRF_COOKIE}=${session.csrfToken}; ${attrs}`];
}

export function clearedCookies(cx: ConsoleContext<ConsoleBaseDeps>): string[] {
  const attrs = `Path=/console; Max-Age=0; SameSite=Strict${secure(cx) ? '; Secure' : ''}`;
  return [`${SESSION_COOKIE}=; HttpOnly; ${attrs}`, `${CSRF_COOKIE}=; ${attrs}`];
}

function parseBody(event: HttpEvent): unknown {
  const text = rawBody(event);
  if (!text) return {};
  try {
    return parseJson(text);
  } catch {
    throw ValidationError.rule('', 'The body must be JSON.');
  }
}

/**
 * The viewer's address from CloudFront-Viewer-Address ("ip:port", IPv6 too), only when the request came through the
 * stage's CloudFront: it alone sends X-Console-Origin-Verify with the stage's value. Anyone can call API Gateway
 * directly with a made-up CloudFront-Viewer-Address; without the verify value it is ignored.
 */
export function viewerAddress(cx: ConsoleContext<ConsoleBaseDeps>, event: HttpEvent): string | undefined {
  const verify = cx.d.config.CONSOLE_ORIGIN_VERIFY;
  if (!verify || !sameToken(header(event, ORIGIN_VERIFY_HEADER), verify)) return undefined;
  const value = header(event, 'cloudfront-viewer-address')?.trim();
  const colon = value?.lastIndexOf(':') ?? -1;
  if (!value || colon <= 0) return undefined;
  const ip = value.slice(0, colon).replace(/^\[(.*)\]$/, '$1');
  return isIP(ip) ? ip : undefined;
}

function request<D extends ConsoleBaseDeps>(wiring: ConsoleWiring<D>, event: HttpEvent): ConsoleRequest<D> {
  const cx = consoleContext(wiring.ports(), wiring.identity);
  return {
    cx,
    event,
    body: event.requestContext.http.method === 'GET' ? {} : parseBody(event),
    query: event.queryStringParameters ?? {},
    params: event.pathParameters ?? {},
    from: { sourceIp: viewerAddress(cx, event) ?? event.requestContext.http.sourceIp, userAgent: header(event, 'user-agent') },
  };
}

/** The console's own origin: CONSOLE_URL's (deployed: the CloudFront distribution), or PUBLIC_BASE_URL's. */
function consoleOrigin(cx: ConsoleContext<ConsoleBaseDeps>): string {
  return new URL(cx.d.config.CONSOLE_URL ?? cx.d.config.PUBLIC_BASE_URL).origin;
}

/**
 * Login CSRF: a cross-site form can POST text/plain, and would sign the victim into the attacker's account. The
 * sign-in routes take only application/json (which a cross-site page cannot send without CORS, and the API answers
 * none) from a page of the console's own origin: browsers send Origin with every POST. The page's own host also
 * counts (the local platform opened as localhost instead of 127.0.0.1).
 */
function sameOriginJson(cx: ConsoleContext<ConsoleBaseDeps>, event: HttpEvent): void {
  const origin = header(event, 'origin');
  let host: string | undefined;
  try {
    host = origin ? new URL(origin).host : undefined;
  } catch {
    host = undefined;
  }
  if (!origin || !host || (origin !== consoleOrigin(cx) && host !== header(event, 'host'))) {
    throw new ConsoleForbiddenError('Sign in from the console’s own page.');
  }
  const type = header(event, 'content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') throw new ConsoleUnsupportedMediaError();
}

function reply(r: ConsoleReply): HttpResult {
  const res = r.raw
    ? {
        statusCode: r.status ?? 200,
        headers: { 'cache-control': 'no-store', ...r.raw.headers, 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' },
        body: String(r.body),
      }
    : json(r.status ?? 200, r.body, { 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' });
  return r.cookies?.length ? { ...res, cookies: r.cookies } : res;
}

function sameToken(a: string | undefined, b: string): boolean {
  if (!a) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A public POST route anyone may call from the console's own page (sign-in): application/json only, same origin. */
export function publicConsoleRoute<D extends ConsoleBaseDeps>(
  route: string,
  wiring: ConsoleWiring<D>,
  fn: (req: ConsoleRequest<D>) => Promise<ConsoleReply>,
) {
  return httpEndpoint(route, async (event) => {
    sameOriginJson(consoleContext(wiring.ports(), wiring.identity), event);
    return reply(await fn(request(wiring, event)));
  });
}

type SignedIn = { signedIn: true; p: Principal; sessionId: string; session: ConsoleSession } | { signedIn: false; idle: boolean };

async function signedIn(base: ConsoleRequest): Promise<SignedIn> {
  const sessionId = cookieValue(base.event, SESSION_COOKIE);
  const state = await currentSession(base.cx, sessionId);
  if (state.kind !== 'active') return { signedIn: false, idle: state.kind === 'idle' };
  const { session } = state;
  // A disabled (or removed) user's sessions stop at once, not when they expire.
  const user = await base.cx.users.get(session.email);
  if (!user || user.disabled) return { signedIn: false, idle: false };
  const p: Principal = {
    email: session.email,
    role: session.role,
    ...(session.clientKey ? { clientKey: session.clientKey } : {}),
    ...base.from,
  };
  return { signedIn: true, p, sessionId: sessionId!, session };
}

/** An endpoint that first finds whether, and who, the caller is signed in. */
function sessionEndpoint<D extends ConsoleBaseDeps>(
  route: string,
  wiring: ConsoleWiring<D>,
  serve: (base: ConsoleRequest<D>, who: SignedIn, event: HttpEvent) => Promise<HttpResult>,
) {
  return httpEndpoint(route, async (event) => {
    const base = request(wiring, event);
    return serve(base, await signedIn(base), event);
  });
}

function asSignedIn<D extends ConsoleBaseDeps>(base: ConsoleRequest<D>, who: SignedIn & { signedIn: true }): SignedInRequest<D> {
  return { ...base, p: who.p, sessionId: who.sessionId, session: who.session };
}

function idleMessage(cx: ConsoleContext<ConsoleBaseDeps>): string {
  return `Signed out after ${cx.d.config.CONSOLE_IDLE_MINUTES} minutes without activity; sign in again.`;
}

/** A route for signed-in users; POST and PUT also need the session's CSRF token in X-CSRF-Token. */
export function consoleRoute<D extends ConsoleBaseDeps>(
  route: string,
  wiring: ConsoleWiring<D>,
  fn: (req: SignedInRequest<D>) => Promise<ConsoleReply>,
) {
  return sessionEndpoint(route, wiring, async (base, who, event) => {
    if (!who.signedIn) throw new ConsoleAuthError(who.idle ? idleMessage(base.cx) : undefined);
    if (event.requestContext.http.method !== 'GET' && !sameToken(header(event, CSRF_HEADER), who.session.csrfToken)) {
      throw new ConsoleForbiddenError('Missing or wrong X-CSRF-Token; reload the console.');
    }
    return reply(await fn(asSignedIn(base, who)));
  });
}

/**
 * The page's session probe (GET /me): 200 either way, so a signed-out visitor's browser logs no failed request.
 * Signed out, it answers { signedIn: false } (with `reason: 'idle'` after the idle timeout) and clears the cookies.
 */
export function sessionProbeRoute<D extends ConsoleBaseDeps>(
  route: string,
  wiring: ConsoleWiring<D>,
  fn: (req: SignedInRequest<D>) => Promise<ConsoleReply>,
) {
  return sessionEndpoint(route, wiring, async (base, who, event) => {
    if (who.signedIn) return reply(await fn(asSignedIn(base, who)));
    const cookies = cookieValue(event, SESSION_COOKIE) ? clearedCookies(base.cx) : undefined;
    return reply({
      body: { signedIn: false, ...(who.idle ? { reason: 'idle', message: idleMessage(base.cx) } : {}) } satisfies ConsoleMeAnswer,
      cookies,
    });
  });
}
