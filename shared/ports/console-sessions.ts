/** Console sessions: created at sign-in, named by a random id only the browser's HttpOnly cookie holds. */
import type { ConsoleRole } from './console-users.js';

export interface ConsoleSession {
  email: string;
  role: ConsoleRole;
  clientKey?: string;
  /** The double-submit token every state-changing call must repeat in X-CSRF-Token. */
  csrfToken: string;
  createdAt: string;
  /** The absolute end (CONSOLE_SESSION_HOURS after sign-in), whatever is done with the session. */
  expiresAt: string;
  /** The last request that used it (kept to the minute): idle past CONSOLE_IDLE_MINUTES, it has ended. */
  lastSeenAt: string;
  sourceIp: string;
}

export interface ConsoleSessionStore {
  /** Stored under a hash of `id` (conditional put: ids never collide silently). */
  create(id: string, session: ConsoleSession): Promise<void>;
  get(id: string): Promise<ConsoleSession | undefined>;
  /** Records a request at `at`; a session signed out (deleted) meanwhile is not brought back. */
  touch(id: string, at: string): Promise<void>;
  delete(id: string): Promise<void>;
}

/**
 * A challenge in progress (new password, MFA) between two sign-in calls: Cognito's session string is kept here, not
 * in the browser, which holds only a random id for it.
 */
export interface PendingSignIn {
  email: string;
  cognitoSession: string;
  challenge: string;
  expiresAt: string;
}

export interface PendingSignInStore {
  put(id: string, pending: PendingSignIn): Promise<void>;
  /** Read and removed in one step (a challenge is answered once). */
  take(id: string): Promise<PendingSignIn | undefined>;
}
