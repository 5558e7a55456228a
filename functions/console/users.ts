/** GET /console/api/users?client_key= — a merchant's console users ("operators": the operators). */
import { consoleRoute } from '../../shared/http/console.js';
import { listUsers } from '../../shared/operations/console/users.js';

export const handler = consoleRoute('GET /console/api/users', async ({ cx, p, query }) => ({ body: { users: await listUsers(cx, p, query.client_key) } }));
