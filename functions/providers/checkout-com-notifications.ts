/**
 * POST /providers/checkout-com/notifications — Checkout.com's webhooks: the Cko-Signature header (hex HMAC-SHA256 of
 * the raw body with the MID's webhook secret) is checked, and a verified event makes the platform ask Checkout.com
 * about the payment (operations/providers/acquirer-notification.ts), applied once. A signature that does not hold is
 * refused (401) and changes nothing; Checkout.com delivers it again.
 */
import { composition } from '../../shared/entry/composition/compose.js';
import { NOTIFICATION_PORTS } from './ports.js';
import { header, json, rawBody, type HttpEvent } from '../../shared/entry/http/http.js';
import { toS2sError } from '../../shared/protocol/error-wire.js';
import { receiveNotification } from '../../shared/operations/providers/receive.js';
import { CHECKOUT_COM, CKO_SIGNATURE_HEADER } from '../../shared/protocol/providers/checkout-com-webhook.js';
import { httpEndpoint } from '../../shared/entry/http/endpoint.js';
import type { NotificationAnswer } from '../../shared/protocol/providers/notification-answer.js';

const ports = composition(NOTIFICATION_PORTS);

export const handler = httpEndpoint(
  'POST /providers/checkout-com/notifications',
  async (event: HttpEvent) => {
    const effect = await receiveNotification(ports(), {
      slug: CHECKOUT_COM,
      rawBody: rawBody(event),
      signature: header(event, CKO_SIGNATURE_HEADER),
    });
    const answer: NotificationAnswer = { result: 'OK', effect };
    return json(200, answer);
  },
  (err) => toS2sError(err),
);
