/**
 * A provider's notification about a payment waiting for it: executed / ACSC / paid settle it (PENDING when funds are
 * held), rejected / RJCT / failed decline it, pending makes it PENDING (an INIT callback) and it keeps waiting. However often and in whatever order
 * notifications arrive, a payment changes once (provider-step.ts); one for a payment already final, or for a
 * reference the provider does not know, changes nothing and is acknowledged.
 */
import type { ProviderNotification, ProviderStatus } from '../../protocol/providers/notification.js';
import type { ApmConnector } from '../../ports/apm-connector.js';
import { logger } from '../../lib/logger.js';
import { closeProviderStep, type ProviderStepDeps, type StepEffect } from './provider-step.js';

export const REJECTED_BY_PROVIDER = 'Rejected by the provider.';

const OUTCOME: Record<ProviderStatus, 'approved' | 'declined' | 'pending'> = {
  executed: 'approved',
  ACSC: 'approved',
  paid: 'approved',
  rejected: 'declined',
  RJCT: 'declined',
  failed: 'declined',
  pending: 'pending',
};

export type NotificationEffect = StepEffect;

export async function applyNotification(d: ProviderStepDeps, provider: ApmConnector, n: ProviderNotification): Promise<NotificationEffect> {
  const outcome = OUTCOME[n.status];
  const mine = (p: { connector: string }) => p.connector === provider.name;
  const { effect, payment } = await closeProviderStep(
    d,
    n.reference,
    { outcome, declineReason: REJECTED_BY_PROVIDER, providerStatus: n.status },
    mine,
  );
  if (effect === 'applied')
    logger.info('provider notification applied', {
      transId: n.reference,
      provider: provider.slug,
      status: n.status,
      paymentStatus: payment?.status,
    });
  return effect;
}
