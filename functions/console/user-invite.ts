/** POST /console/api/users — invites a console user by email (locally the answer carries the invitation link). */
import { consoleRoute } from '../../shared/http/console.js';
import { inviteUser } from '../../shared/operations/console/users.js';

export const handler = consoleRoute('POST /console/api/users', async ({ cx, p, body }) => ({ status: 201, body: await inviteUser(cx, p, body) }));
