/** POST /providers/{provider}/notifications — an APM provider's signed notification about a payment it serves. */
import { deps } from '../../shared/deps.js';
import { header, httpHandler, json, rawBody, type HttpEvent } from '../../shared/http/http.js';
import { NotFoundError } from '../../shared/errors.js';
import { toS2sError } from '../../shared/protocol/error-wire.js';
import { parseNotification, verifyNotification } from '../../shared/protocol/providers/notification.js';
import { apmConnectorBySlug } from '../../shared/connectors/registry.js';
import { applyNotification } from '../../shared/operations/providers/notification.js';

export const handler = httpHandler(
  'POST /providers/{provider}/notifications',
  async (event: HttpEvent) => {
    const provider = apmConnectorBySlug(event.pathParameters?.provider ?? '');
    if (!provider) throw new NotFoundError(100000, 'Provider not found.');
    const d = deps();
    const body = rawBody(event);
    // The signature first: nothing of an unsigned body is read, and a wrong one changes nothing.
    verifyNotification(body, header(event, 'x-provider-signature'), await d.providerSecrets.secret(provider.slug));
    const effect = await applyNotification(d, provider, parseNotification(body));
    return json(200, { result: 'OK', effect });
  },
  (err) => toS2sError(err),
);
