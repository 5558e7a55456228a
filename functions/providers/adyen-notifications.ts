/**
 * POST /providers/adyen/notifications — Adyen's standard webhooks: every item's HMAC checked, the signed outcomes
 * applied once (operations/providers/adyen-notification.ts), answered "[accepted]" as Adyen expects. A request with
 * an item whose signature does not hold is refused (401) and changes nothing.
 */
import { composition } from '../../shared/entry/composition/compose.js';
import { PAYMENT_PORTS } from './ports.js';
import { rawBody, type HttpEvent } from '../../shared/entry/http/http.js';
import { toS2sError } from '../../shared/protocol/error-wire.js';
import { receiveAdyenNotifications } from '../../shared/operations/providers/adyen-notification.js';
import { httpEndpoint } from '../../shared/entry/http/endpoint.js';

const ports = composition(PAYMENT_PORTS);

export const handler = httpEndpoint(
  'POST /providers/adyen/notifications',
  async (event: HttpEvent) => {
    await receiveAdyenNotifications(ports(), rawBody(event));
    return { statusCode: 200, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }, body: '[accepted]' };
  },
  (err) => toS2sError(err),
);
