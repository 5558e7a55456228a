/** The answer of both sign-in routes: the signed-in user with the session cookies, or the challenge to answer next. */
import type { ConsoleContext } from '../../shared/operations/console/console-deps.js';
import type { ConsoleBaseDeps, ConsoleReply } from '../../shared/entry/http/console.js';
import type { SignInResult } from '../../shared/operations/console/sign-in.js';
import type { ConsoleSession } from '../../shared/ports/console-sessions.js';
import type { ConsoleSignInAnswer } from '../../shared/protocol/console/answers.js';

export function signInReply(
  cx: ConsoleContext<ConsoleBaseDeps>,
  r: SignInResult,
  cookies: (cx: ConsoleContext<ConsoleBaseDeps>, id: string, s: ConsoleSession) => string[],
): ConsoleReply {
  if (r.kind === 'challenge')
    return {
      body: {
        challenge: r.challenge,
        pending: r.pending,
        ...(r.secretCode ? { secret_code: r.secretCode } : {}),
      } satisfies ConsoleSignInAnswer,
    };
  const { email, role, clientKey, expiresAt } = r.session;
  return {
    body: { user: { email, role, clientKey, expiresAt } } satisfies ConsoleSignInAnswer,
    cookies: cookies(cx, r.sessionId, r.session),
  };
}
