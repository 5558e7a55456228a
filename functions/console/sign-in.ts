/** POST /console/api/sign-in — email and password; a session cookie, or the next challenge (new password, MFA). */
import { publicConsoleRoute, sessionCookies } from '../../shared/http/console.js';
import { composition } from '../../shared/composition/compose.js';
import { config, newId } from '../../shared/composition/core.js';
import { consoleIdentity } from '../../shared/composition/console-identity.js';
import { signIn } from '../../shared/operations/console/sign-in.js';
import { signInReply } from './sign-in-reply.js';

export const handler = publicConsoleRoute(
  'POST /console/api/sign-in',
  { ports: composition({ config, newId }), identity: consoleIdentity },
  async (req) => signInReply(req.cx, await signIn(req.cx, req.body, req.from), sessionCookies),
);
