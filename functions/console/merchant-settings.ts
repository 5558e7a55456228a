/** PUT /console/api/merchants/{clientKey}/settings — notification URL, mappings, payer fields, link target, ... */
import { consoleRoute } from '../../shared/entry/http/console.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { MERCHANT_EDIT_PORTS } from './ports.js';
import { updateSettings } from '../../shared/operations/console/merchants.js';
import type { ConsoleMerchantSettingsAnswer } from '../../shared/protocol/console/answers.js';

export const handler = consoleRoute(
  'PUT /console/api/merchants/{clientKey}/settings',
  { ports: composition(MERCHANT_EDIT_PORTS) },
  async ({ cx, p, params, body }) => ({
    body: { merchant: await updateSettings(cx, p, params.clientKey ?? '', body) } satisfies ConsoleMerchantSettingsAnswer,
  }),
);
