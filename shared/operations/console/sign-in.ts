/**
 * Console sign-in: Cognito checks the password (and asks for a new one at first sign-in, or an MFA code); the
 * console then opens its own session, named by a random id that only the browser's HttpOnly cookie carries.
 * The user must also have a console user record (role, merchant): a Cognito account alone grants nothing.
 */
import { randomBytes } from 'node:crypto';
import * as z from '../../lib/zod-mini.js';
import { ValidationError } from '../../domain/errors.js';
import { ConsoleSignInError, type ConsoleChallengeName, type SignInStep } from '../../ports/console-identity.js';
import type { ConsoleSession } from '../../ports/console-sessions.js';
import type { Deps } from '../deps.js';
import type { ConsoleContext } from './console-deps.js';
import { ConsoleAuthError } from './errors.js';
import { audit } from './audit.js';
import type { Principal } from './roles.js';

/** A challenge must be answered within Cognito's own session lifetime (3 minutes by default). */
const PENDING_SECONDS = 180;

export interface From {
  sourceIp: string;
  userAgent?: string;
}

export type SignInResult =
  | { kind: 'session'; sessionId: string; session: ConsoleSession }
  | { kind: 'challenge'; challenge: ConsoleChallengeName; pending: string; secretCode?: string };

const credentials = z.object({
  email: z.string().check(z.trim(), z.toLowerCase(), z.minLength(3), z.maxLength(254)),
  password: z.string().check(z.minLength(1), z.maxLength(256)),
});
const answer = z.object({
  pending: z.string().check(z.minLength(16), z.maxLength(200)),
  new_password: z.optional(z.string().check(z.minLength(1), z.maxLength(256))),
  code: z.optional(z.string().check(z.regex(/^\d{6}$/))),
});

function parse<T>(schema: z.ZodMiniType<T>, body: unknown): T {
  const r = schema.safeParse(body);
  if (!r.success) throw new ValidationError(r.error.issues.map((i) => ({ field: i.path.join('.'), message: 'This value is not valid.' })));
  return r.data;
}

export async function signIn(cx: ConsoleContext<Pick<Deps, 'config' | 'newId'>>, body: unknown, from: From): Promise<SignInResult> {
  const { email, password } = parse(credentials, body);
  // The same steps whoever asks: the console record and Cognito's password check, for an unknown or disabled email
  // too, so the answer's timing does not tell which emails have an account. Only then is anything refused.
  const user = await cx.users.get(email);
  const step = await settled(() => cx.identity().signIn(email, password));
  if (!user || user.disabled) throw new ConsoleAuthError(new ConsoleSignInError().message);
  return next(cx, email, await refused(step), from);
}

export async function answerChallenge(
  cx: ConsoleContext<Pick<Deps, 'config' | 'newId'>>,
  body: unknown,
  from: From,
): Promise<SignInResult> {
  const a = parse(answer, body);
  const pending = await cx.pending.take(a.pending);
  if (!pending) throw new ConsoleAuthError('The sign-in took too long; start again.');
  const step = await refused(() =>
    cx.identity().respond(pending.email, {
      name: pending.challenge as ConsoleChallengeName,
      session: pending.cognitoSession,
      newPassword: a.new_password,
      code: a.code,
    }),
  );
  return next(cx, pending.email, step, from);
}

export async function signOut(cx: ConsoleContext<Pick<Deps, 'newId'>>, sessionId: string, p: Principal): Promise<void> {
  await cx.sessions.delete(sessionId);
  await audit(cx, p, 'user.sign-out', { clientKey: p.clientKey });
}

async function next(
  cx: ConsoleContext<Pick<Deps, 'config' | 'newId'>>,
  email: string,
  step: SignInStep,
  from: From,
): Promise<SignInResult> {
  if (step.kind === 'challenge') {
    const pending = randomBytes(24).toString('base64url');
    await cx.pending.put(pending, {
      email,
      cognitoSession: step.session,
      challenge: step.name,
      expiresAt: new Date(Date.now() + PENDING_SECONDS * 1000).toISOString(),
    });
    return { kind: 'challenge', challenge: step.name, pending, ...(step.secretCode ? { secretCode: step.secretCode } : {}) };
  }
  const user = await cx.users.get(email);
  if (!user || user.disabled) throw new ConsoleAuthError(new ConsoleSignInError().message);
  const now = new Date();
  const session: ConsoleSession = {
    email,
    role: user.role,
    ...(user.clientKey ? { clientKey: user.clientKey } : {}),
    csrfToken: randomBytes(24).toString('base64url'),
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + cx.d.config.CONSOLE_SESSION_HOURS * 3600_000).toISOString(),
    lastSeenAt: now.toISOString(),
    sourceIp: from.sourceIp,
  };
  const sessionId = randomBytes(32).toString('base64url');
  await cx.sessions.create(sessionId, session);
  await audit(cx, { email, role: user.role, clientKey: user.clientKey, ...from }, 'user.sign-in', { clientKey: user.clientKey });
  return { kind: 'session', sessionId, session };
}

/** Runs the call to its end, success or failure, and hands back a call that repeats its outcome. */
async function settled<T>(call: () => Promise<T>): Promise<() => Promise<T>> {
  try {
    const value = await call();
    return async () => value;
  } catch (err) {
    return async () => {
      throw err;
    };
  }
}

async function refused<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof ConsoleSignInError) throw new ConsoleAuthError(err.message);
    throw err;
  }
}
