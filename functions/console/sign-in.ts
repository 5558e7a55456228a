/** POST /console/api/sign-in — email and password; a session cookie, or the next challenge (new password, MFA). */
import { publicConsoleRoute, sessionCookies } from '../../shared/entry/http/console.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { SESSION_PORTS } from './ports.js';
import { consoleIdentity } from '../../shared/entry/composition/console-identity.js';
import { signIn } from '../../shared/operations/console/sign-in.js';
import { signInReply } from './sign-in-reply.js';

export const handler = publicConsoleRoute(
  'POST /console/api/sign-in',
  { ports: composition(SESSION_PORTS), identity: consoleIdentity },
  async (req) => signInReply(req.cx, await signIn(req.cx, req.body, req.from), sessionCookies),
);
