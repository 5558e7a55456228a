/**
 * The S2S APM endpoint (/post-va): decode the form, authenticate the merchant, run the named action, answer JSON.
 * Errors become {"result":"ERROR",...} in one place (error-wire.ts).
 */
import { AuthenticationError, ValidationError } from '../../errors.js';
import { deps } from '../../deps.js';
import { S2S_APM_ACTIONS } from '../../operations/s2s-apm/index.js';
import { httpHandler, json, rawBody, type HttpEvent } from '../../http/http.js';
import { toS2sError } from '../error-wire.js';
import { parseForm, getString } from '../form.js';
import { MESSAGES } from '../fields.js';

export function s2sApmHandler() {
  return httpHandler(
    'POST /post-va',
    async (event: HttpEvent) => {
      const body = rawBody(event);
      const form = parseForm(body);
      const actionName = getString(form, 'action');
      const action = actionName ? S2S_APM_ACTIONS.get(actionName) : undefined;
      if (!action) throw ValidationError.field('action', actionName ? MESSAGES.choice : MESSAGES.blank);
      const clientKey = getString(form, 'client_key');
      if (!clientKey) throw ValidationError.field('client_key', MESSAGES.blank);
      const d = deps();
      const config = await d.merchants.get(clientKey);
      if (!config) throw new AuthenticationError();
      const res = await action.run({ deps: d, config, form, rawBody: body });
      return json(res.statusCode, res.body);
    },
    (err, event) => toS2sError(err, getString(parseForm(rawBody(event)), 'action')),
  );
}
