/** POST /console/api/users/{email}/{disable|enable} — operators: a disabled user's sessions and password stop working. */
import { consoleRoute } from '../../shared/http/console.js';
import { setUserDisabled } from '../../shared/operations/console/users.js';

export const handler = consoleRoute('POST /console/api/users/{email}/{action}', async ({ cx, p, params }) => ({
  body: { user: await setUserDisabled(cx, p, params.email ?? '', params.action ?? '') },
}));
