/** POST /console/api/sign-in/challenge — the answer to a sign-in challenge (new password, MFA code). */
import { publicConsoleRoute, sessionCookies } from '../../shared/http/console.js';
import { answerChallenge } from '../../shared/operations/console/sign-in.js';
import { signInReply } from './sign-in-reply.js';

export const handler = publicConsoleRoute('POST /console/api/sign-in/challenge', async (req) => signInReply(req.cx, await answerChallenge(req.cx, req.body, req.from), sessionCookies));
