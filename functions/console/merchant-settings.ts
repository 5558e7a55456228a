/** PUT /console/api/merchants/{clientKey}/settings — notification URL, mappings, payer fields, link target, ... */
import { consoleRoute } from '../../shared/http/console.js';
import { updateSettings } from '../../shared/operations/console/merchants.js';

export const handler = consoleRoute('PUT /console/api/merchants/{clientKey}/settings', async ({ cx, p, params, body }) => ({
  body: { merchant: await updateSettings(cx, p, params.clientKey ?? '', body) },
}));
