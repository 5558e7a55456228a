/** POST /console/api/sign-in/challenge — the answer to a sign-in challenge (new password, MFA code). */
import { publicConsoleRoute, sessionCookies } from '../../shared/entry/http/console.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { SESSION_PORTS } from './ports.js';
import { consoleIdentity } from '../../shared/entry/composition/console-identity.js';
import { answerChallenge } from '../../shared/operations/console/sign-in.js';
import { signInReply } from './sign-in-reply.js';

export const handler = publicConsoleRoute(
  'POST /console/api/sign-in/challenge',
  { ports: composition(SESSION_PORTS), identity: consoleIdentity },
  async (req) => signInReply(req.cx, await answerChallenge(req.cx, req.body, req.from), sessionCookies),
);
