/**
 * POST /providers/{provider}/notifications — an APM provider's signed notification about a payment it serves, or an
 * acquirer's (a card connector with notifications, e.g. the upstream gateway's callbacks).
 */
import { composition } from '../../shared/entry/composition/compose.js';
import { NOTIFICATION_PORTS } from './ports.js';
import { header, json, rawBody, type HttpEvent } from '../../shared/entry/http/http.js';
import { toS2sError } from '../../shared/protocol/error-wire.js';
import { receiveNotification } from '../../shared/operations/providers/receive.js';
import { httpEndpoint } from '../../shared/entry/http/endpoint.js';
import type { NotificationAnswer } from '../../shared/protocol/providers/notification-answer.js';

const ports = composition(NOTIFICATION_PORTS);

export const handler = httpEndpoint(
  'POST /providers/{provider}/notifications',
  async (event: HttpEvent) => {
    const effect = await receiveNotification(ports(), {
      slug: event.pathParameters?.provider ?? '',
      rawBody: rawBody(event),
      signature: header(event, 'x-provider-signature'),
    });
    const answer: NotificationAnswer = { result: 'OK', effect };
    return json(200, answer);
  },
  (err) => toS2sError(err),
);
