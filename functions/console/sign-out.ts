/** POST /console/api/sign-out — ends the session and clears its cookies. */
import { clearedCookies, consoleRoute } from '../../shared/entry/http/console.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { SESSION_PORTS } from './ports.js';
import { signOut } from '../../shared/operations/console/sign-in.js';
import type { ConsoleSignOutAnswer } from '../../shared/protocol/console/answers.js';

export const handler = consoleRoute('POST /console/api/sign-out', { ports: composition(SESSION_PORTS) }, async (req) => {
  await signOut(req.cx, req.sessionId, req.p);
  return { body: { signedOut: true } satisfies ConsoleSignOutAnswer, cookies: clearedCookies(req.cx) };
});
