/** POST /console/api/users — invites a console user by email (locally the answer carries the invitation link). */
import { consoleRoute } from '../../shared/entry/http/console.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { MERCHANT_EDIT_PORTS } from './ports.js';
import { consoleIdentity } from '../../shared/entry/composition/console-identity.js';
import { inviteUser } from '../../shared/operations/console/users.js';

export const handler = consoleRoute(
  'POST /console/api/users',
  { ports: composition(MERCHANT_EDIT_PORTS), identity: consoleIdentity },
  async ({ cx, p, body }) => ({ status: 201, body: await inviteUser(cx, p, body) }),
);
