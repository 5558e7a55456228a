/**
 * A provider's notification about a payment waiting for it (a REDIRECT step still open): its status decides the
 * payment — executed / ACSC / paid settle it (PENDING when funds are held), rejected / RJCT / failed decline it,
 * pending leaves it waiting. The change and its callback are one conditional write (version check), so however often
 * and in whatever order notifications arrive, a payment changes once; a notification for a payment no longer waiting
 * (already final), or for an unknown reference, changes nothing and is acknowledged.
 */
import type { Deps } from '../../deps.js';
import { ConflictError } from '../../errors.js';
import type { Payment, TransactionType } from '../../domain/payment.js';
import { PATTERNS } from '../../protocol/fields.js';
import type { ProviderNotification, ProviderStatus } from '../../protocol/providers/notification.js';
import type { ApmConnector } from '../../ports/apm-connector.js';
import type { ConnectorOutcome } from '../../ports/connector.js';
import { enqueue, nextVersion } from '../payment/attempt.js';
import { applyOutcome } from '../payment/outcome.js';
import type { CallbackRecorder, PaymentEvent } from '../payment/types.js';
import { apmRecorder } from '../s2s-apm/pipeline.js';
import { isWaitingForPayer } from '../s2s-apm/redirect-step.js';
import { checkoutCallbacks } from '../checkout/callbacks.js';
import { logger } from '../../logger.js';

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

export type NotificationEffect = 'applied' | 'unchanged' | 'unknown';

async function recorderFor(d: Deps, p: Payment): Promise<CallbackRecorder | undefined> {
  const config = await d.merchants.get(p.clientKey);
  if (!config) return undefined;
  return p.protocol === 'checkout' ? checkoutCallbacks(d, config.merchant) : apmRecorder({ config, deps: d });
}

/** The payment after the provider's final word, and the event its callback reports. */
function decide(d: Deps, p: Payment, status: ProviderStatus, outcome: 'approved' | 'declined', now: string): { next: Payment; event: PaymentEvent } {
  const authorize = p.details.authorize === true;
  const type = (p.details.transactionType as TransactionType | undefined) ?? (authorize ? 'AUTH' : 'SALE');
  const commission = typeof p.details.commission === 'number' ? p.details.commission : 0;
  const result: ConnectorOutcome =
    outcome === 'approved'
      ? { kind: 'approved', rrn: p.transId.replace(/-/g, '').slice(0, 12), approvalCode: status.slice(0, 6).toUpperCase() }
      : { kind: 'declined', reason: REJECTED_BY_PROVIDER };
  const next = nextVersion(p, now);
  applyOutcome(next, result, authorize);
  const step = next.history.find((h) => h.type === 'REDIRECT' && h.status === 'waiting');
  if (step) {
    step.status = outcome === 'approved' ? 'success' : 'fail';
    step.date = now;
  }
  next.history.push({ id: d.newId(), type, status: outcome === 'approved' ? 'success' : 'fail', date: now, amount: p.amount + commission, ...(next.declineReason ? { declineReason: next.declineReason } : {}) });
  next.details.providerStatus = status;
  delete next.details.redirectTokenHash;
  const event: PaymentEvent = { operation: type, result: outcome === 'approved' ? 'SUCCESS' : 'DECLINED', amount: p.amount, attemptId: p.transId, date: now, declineReason: next.declineReason };
  return { next, event };
}

export async function applyNotification(d: Deps, provider: ApmConnector, n: ProviderNotification): Promise<NotificationEffect> {
  // A lost race re-reads and finds the payment final; three rounds are more than two writers ever need.
  for (let round = 0; round < 3; round++) {
    const p = PATTERNS.uuid.test(n.reference) ? await d.payments.get(n.reference) : undefined;
    if (!p || p.connector !== provider.name) return 'unknown';
    if (!isWaitingForPayer(p)) return 'unchanged';
    const outcome = OUTCOME[n.status];
    if (outcome === 'pending') return 'unchanged';
    const callbacks = await recorderFor(d, p);
    if (!callbacks) return 'unknown';
    const { next, event } = decide(d, p, n.status, outcome, d.clock.now().toISOString());
    const records = callbacks(next, event);
    try {
      await d.payments.update(next, records);
    } catch (err) {
      if (err instanceof ConflictError) continue;
      throw err;
    }
    await enqueue(d, records, p.transId);
    logger.info('provider notification applied', { transId: p.transId, provider: provider.slug, status: n.status, paymentStatus: next.status });
    return 'applied';
  }
  return 'unchanged';
}
