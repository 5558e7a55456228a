/** POST /console/api/merchants/{clientKey}/signing-secret — shows ({}) or rotates ({"rotate":true}) the callback signing secret. */
import { consoleRoute } from '../../shared/http/console.js';
import { signingSecret } from '../../shared/operations/console/merchants.js';

export const handler = consoleRoute('POST /console/api/merchants/{clientKey}/signing-secret', async ({ cx, p, params, body }) => ({
  body: await signingSecret(cx, p, params.clientKey ?? '', body),
}));
