/**
 * POST /providers/{provider}/notifications, by who sent it: an acquirer's (a card connector with notifications, e.g.
 * the upstream gateway's callback), verified and applied by its connector; or an APM provider's, whose
 * X-Provider-Signature is checked before anything of the body is read, so an unsigned one changes nothing.
 */
import type { Deps } from '../deps.js';
import { NotFoundError } from '../../domain/errors.js';
import { parseNotification, verifyNotification } from '../../protocol/providers/notification.js';
import { applyAcquirerNotification, type AcquirerNotificationEffect } from './acquirer-notification.js';
import { applyNotification, type NotificationEffect } from './notification.js';

export interface ReceivedNotification {
  /** The {provider} of the address: a connector's or provider's slug. */
  slug: string;
  rawBody: string;
  signature?: string;
}

export async function receiveNotification(
  d: Pick<
    Deps,
    | 'payments'
    | 'merchants'
    | 'callbackQueue'
    | 'clock'
    | 'newId'
    | 'cardVault'
    | 'providerSecrets'
    | 'connectors'
    | 'apmConnectors'
    | 'risk'
    | 'config'
  >,
  n: ReceivedNotification,
): Promise<AcquirerNotificationEffect | NotificationEffect> {
  const acquirer = d.connectors.bySlug(n.slug);
  if (acquirer) return applyAcquirerNotification(d, acquirer, n.rawBody, n.signature);
  const provider = d.apmConnectors.bySlug(n.slug);
  if (!provider) throw NotFoundError.provider();
  verifyNotification(n.rawBody, n.signature, await d.providerSecrets.secret(provider.slug));
  return applyNotification(d, provider, parseNotification(n.rawBody));
}
