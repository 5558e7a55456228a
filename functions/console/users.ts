/** GET /console/api/users?client_key= — a merchant's console users ("operators": the operators). */
import { consoleRoute } from '../../shared/entry/http/console.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { CONSOLE_PORTS } from './ports.js';
import { listUsers } from '../../shared/operations/console/users.js';
import type { ConsoleUsersAnswer } from '../../shared/protocol/console/answers.js';

export const handler = consoleRoute('GET /console/api/users', { ports: composition(CONSOLE_PORTS) }, async ({ cx, p, query }) => ({
  body: { users: await listUsers(cx, p, query.client_key) } satisfies ConsoleUsersAnswer,
}));
