/**
 * POST /providers/{provider}/notifications — an APM provider's signed notification about a payment it serves, or an
 * acquirer's (a card connector with notifications, e.g. the upstream gateway's callbacks).
 */
import { deps } from '../../shared/deps.js';
import { header, json, rawBody, type HttpEvent } from '../../shared/http/http.js';
import { NotFoundError } from '../../shared/errors.js';
import { toS2sError } from '../../shared/protocol/error-wire.js';
import { parseNotification, verifyNotification } from '../../shared/protocol/providers/notification.js';
import { applyNotification } from '../../shared/operations/providers/notification.js';
import { applyAcquirerNotification } from '../../shared/operations/providers/acquirer-notification.js';
import { httpEndpoint } from '../../shared/http/endpoint.js';

export const handler = httpEndpoint(
  'POST /providers/{provider}/notifications',
  async (event: HttpEvent) => {
    const slug = event.pathParameters?.provider ?? '';
    const d = deps();
    // An acquirer's notification (the upstream gateway's callback): verified and applied by its connector.
    const acquirer = d.connectors.bySlug(slug);
    if (acquirer) return json(200, { result: 'OK', effect: await applyAcquirerNotification(d, acquirer, rawBody(event)) });
    const provider = d.apmConnectors.bySlug(slug);
    if (!provider) throw NotFoundError.provider();
    const body = rawBody(event);
    // The signature first: nothing of an unsigned body is read, and a wrong one changes nothing.
    verifyNotification(body, header(event, 'x-provider-signature'), await d.providerSecrets.secret(provider.slug));
    const effect = await applyNotification(d, provider, parseNotification(body));
    return json(200, { result: 'OK', effect });
  },
  (err) => toS2sError(err),
);
