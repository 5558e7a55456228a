/** POST /console/api/users/{email}/{disable|enable} — operators: a disabled user's sessions and password stop working. */
import { consoleRoute } from '../../shared/entry/http/console.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { SESSION_PORTS } from './ports.js';
import { consoleIdentity } from '../../shared/entry/composition/console-identity.js';
import { setUserDisabled } from '../../shared/operations/console/users.js';
import type { ConsoleUserAccessAnswer } from '../../shared/protocol/console/answers.js';

export const handler = consoleRoute(
  'POST /console/api/users/{email}/{action}',
  { ports: composition(SESSION_PORTS), identity: consoleIdentity },
  async ({ cx, p, params }) => ({
    body: { user: await setUserDisabled(cx, p, params.email ?? '', params.action ?? '') } satisfies ConsoleUserAccessAnswer,
  }),
);
