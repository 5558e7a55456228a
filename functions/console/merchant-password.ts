/** POST /console/api/merchants/{clientKey}/password — a new merchant password, revealed in this answer only. */
import { consoleRoute } from '../../shared/http/console.js';
import { rotatePassword } from '../../shared/operations/console/merchants.js';

export const handler = consoleRoute('POST /console/api/merchants/{clientKey}/password', async ({ cx, p, params }) => ({ body: await rotatePassword(cx, p, params.clientKey ?? '') }));
