/**
 * GET /console/api/me — the page's session probe: the signed-in user (role, merchant) and the session's CSRF token,
 * or { signedIn: false } (200, so a signed-out visitor's browser logs no error).
 */
import { sessionProbeRoute } from '../../shared/entry/http/console.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { CONSOLE_PORTS } from './ports.js';
import type { ConsoleMeAnswer } from '../../shared/protocol/console/answers.js';

export const handler = sessionProbeRoute('GET /console/api/me', { ports: composition(CONSOLE_PORTS) }, async ({ session }) => ({
  body: {
    signedIn: true,
    user: { email: session.email, role: session.role, clientKey: session.clientKey, expiresAt: session.expiresAt },
    csrfToken: session.csrfToken,
  } satisfies ConsoleMeAnswer,
}));
