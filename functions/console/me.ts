/** GET /console/api/me — the signed-in user (role, merchant) and the session's CSRF token for the console's script. */
import { consoleRoute } from '../../shared/http/console.js';
import { composition } from '../../shared/composition/compose.js';
import { config } from '../../shared/composition/core.js';

export const handler = consoleRoute('GET /console/api/me', { ports: composition({ config }) }, async ({ session }) => ({
  body: { user: { email: session.email, role: session.role, clientKey: session.clientKey, expiresAt: session.expiresAt }, csrfToken: session.csrfToken },
}));
