/**
 * The session a console request carries: it ends CONSOLE_SESSION_HOURS after sign-in (absolute) or
 * CONSOLE_IDLE_MINUTES after its last request (PCI DSS 8.2.8), whichever comes first. Both read the real time:
 * moving a sandbox's test clock must not sign people out (or in).
 */
import type { ConsoleSession } from '../../ports/console-sessions.js';
import type { Deps } from '../deps.js';
import type { ConsoleContext } from './console-deps.js';

/** A request refreshes lastSeenAt at most once a minute: one write per minute of use, not per click. */
const TOUCH_EVERY_MS = 60_000;

export type SessionState = { kind: 'active'; session: ConsoleSession } | { kind: 'none' } | { kind: 'idle' };

export async function currentSession(
  cx: ConsoleContext<Pick<Deps, 'config'>>,
  sessionId: string | undefined,
  now = Date.now(),
): Promise<SessionState> {
  const session = sessionId ? await cx.sessions.get(sessionId) : undefined;
  if (!sessionId || !session) return { kind: 'none' };
  const seen = Date.parse(session.lastSeenAt);
  // Not refreshed within the last minute of use: a session is never kept longer than the limit, at worst a minute less.
  // Idle is final (only an active request moves lastSeenAt). The item stays until its TTL so that every request the
  // page had in flight is told the same reason; deleting it here made the others answer a bare "Sign in".
  if (now - seen >= cx.d.config.CONSOLE_IDLE_MINUTES * 60_000) return { kind: 'idle' };
  if (now - seen >= TOUCH_EVERY_MS) await cx.sessions.touch(sessionId, new Date(now).toISOString());
  return { kind: 'active', session };
}
