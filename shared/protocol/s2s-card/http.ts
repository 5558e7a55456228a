/**
 * The S2S CARD endpoint (/post and /v2/post): decode the form, authenticate the merchant, run the named action,
 * answer JSON. Errors become {"result":"ERROR",...} in one place (error-wire.ts).
 */
import { AuthenticationError, ValidationError } from '../../errors.js';
import { deps } from '../../deps.js';
import { S2S_CARD_ACTIONS } from '../../operations/s2s-card/index.js';
import { httpHandler, json, rawBody, type HttpEvent } from '../../http/http.js';
import { toS2sError } from '../error-wire.js';
import { parseForm, getString } from '../form.js';
import { MESSAGES } from '../fields.js';

export function s2sCardHandler(redirectParamsStyle: 'object' | 'list') {
  return httpHandler(
    redirectParamsStyle === 'object' ? 'POST /post' : 'POST /v2/post',
    async (event: HttpEvent) => {
      const body = rawBody(event);
      const form = parseForm(body);
      const actionName = getString(form, 'action');
      const action = actionName ? S2S_CARD_ACTIONS.get(actionName) : undefined;
      if (!action) throw ValidationError.field('action', actionName ? MESSAGES.choice : MESSAGES.blank);
      const clientKey = getString(form, 'client_key');
      if (!clientKey) throw ValidationError.field('client_key', MESSAGES.blank);
      const d = deps();
      const config = await d.merchants.get(clientKey);
      if (!config) throw new AuthenticationError();
      const res = await action.run({
        deps: d,
        config,
        form,
        rawBody: body,
        redirectParamsStyle,
        headers: event.headers ?? {},
        sourceIp: event.requestContext?.http?.sourceIp,
      });
      return json(res.statusCode, res.body);
    },
    (err, event) => toS2sError(err, getString(parseForm(rawBody(event)), 'action')),
  );
}
