/**
 * Stores a new Checkout session and answers the payer's link. Shared by POST /api/v1/session and
 * /api/v1/payment/card/credit: both hand the payer a page, and the link is the only credential the page needs.
 */
import type { Deps } from '../deps.js';
import type { CheckoutSession } from '../../ports/checkout-sessions.js';
import { logger } from '../../lib/logger.js';
import { newSessionToken, sessionTokenHash } from './session-token.js';

export type SessionDraft = Omit<CheckoutSession, 'tokenHash' | 'paymentId' | 'state' | 'createdAt' | 'expiresAt' | 'version'>;

export async function openSession(
  d: Pick<Deps, 'config' | 'clock' | 'newId' | 'checkoutSessions'>,
  draft: SessionDraft,
  expiryMinutes: number,
): Promise<{ redirectUrl: string; session: CheckoutSession }> {
  const token = newSessionToken();
  const now = d.clock.now();
  const session: CheckoutSession = {
    ...draft,
    tokenHash: sessionTokenHash(token),
    paymentId: d.newId(),
    state: 'open',
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + expiryMinutes * 60_000).toISOString(),
    version: 1,
  };
  await d.checkoutSessions.create(session);
  logger.info('checkout session created', { clientKey: session.clientKey, paymentId: session.paymentId, operation: session.operation });
  return { redirectUrl: `${d.config.PUBLIC_BASE_URL.replace(/\/$/, '')}/auth/${token}`, session };
}
