/**
 * Ends a payment's open provider step (REDIRECT to the provider's page, a QR, a bank window, a crypto address) with
 * the provider's verdict, or the platform's when a deadline passes unpaid. The change and its callback are one
 * conditional write (version check): whoever comes second — a duplicate notification, a late one, the deadline
 * sweeper racing a payment — re-reads, finds the payment final and changes nothing.
 */
import type { Deps } from '../../deps.js';
import { ConflictError } from '../../errors.js';
import type { Payment, TransactionType } from '../../domain/payment.js';
import { PATTERNS } from '../../protocol/fields.js';
import type { ConnectorOutcome } from '../../ports/connector.js';
import { enqueue, nextVersion } from '../payment/attempt.js';
import { applyOutcome } from '../payment/outcome.js';
import type { CallbackRecorder, PaymentEvent } from '../payment/types.js';
import { apmRecorder } from '../s2s-apm/pipeline.js';
import { isWaitingForProvider } from '../s2s-apm/redirect-step.js';
import { checkoutCallbacks } from '../checkout/callbacks.js';

export type StepEffect = 'applied' | 'unchanged' | 'unknown';

export interface Verdict {
  /** pending: the provider has the payment but no money yet — PENDING, an INIT callback, the step stays open. */
  outcome: 'approved' | 'declined' | 'pending';
  declineReason?: string;
  /** The provider's own word (executed, ACSC, expired ...), kept on the payment. */
  providerStatus: string;
}

async function recorderFor(d: Deps, p: Payment): Promise<CallbackRecorder | undefined> {
  const config = await d.merchants.get(p.clientKey);
  if (!config) return undefined;
  return p.protocol === 'checkout' ? checkoutCallbacks(d, config.merchant) : apmRecorder({ config, deps: d });
}

function decide(d: Deps, p: Payment, v: Verdict, now: string): { next: Payment; event: PaymentEvent } {
  if (v.outcome === 'pending') {
    const next = nextVersion(p, now);
    next.status = 'PENDING';
    next.details.providerStatus = v.providerStatus;
    const type = (p.details.transactionType as TransactionType | undefined) ?? 'SALE';
    return { next, event: { operation: type, result: 'INIT', amount: p.amount, attemptId: p.transId, date: now } };
  }
  const authorize = p.details.authorize === true;
  const type = (p.details.transactionType as TransactionType | undefined) ?? (authorize ? 'AUTH' : 'SALE');
  const commission = typeof p.details.commission === 'number' ? p.details.commission : 0;
  const result: ConnectorOutcome =
    v.outcome === 'approved'
      ? { kind: 'approved', rrn: p.transId.replace(/-/g, '').slice(0, 12), approvalCode: v.providerStatus.slice(0, 6).toUpperCase() }
      : { kind: 'declined', reason: v.declineReason ?? 'Declined by processing.' };
  const next = nextVersion(p, now);
  applyOutcome(next, result, authorize);
  const approved = v.outcome === 'approved';
  const step = next.history.find((h) => h.type === 'REDIRECT' && h.status === 'waiting');
  if (step) {
    step.status = approved ? 'success' : 'fail';
    step.date = now;
  }
  next.history.push({ id: d.newId(), type, status: approved ? 'success' : 'fail', date: now, amount: p.amount + commission, ...(next.declineReason ? { declineReason: next.declineReason } : {}) });
  next.details.providerStatus = v.providerStatus;
  delete next.details.redirectTokenHash;
  const event: PaymentEvent = { operation: type, result: approved ? 'SUCCESS' : 'DECLINED', amount: p.amount, attemptId: p.transId, date: now, declineReason: next.declineReason };
  return { next, event };
}

/**
 * `applies`: whether this payment is the caller's to decide (its provider's, or its deadline passed); re-checked on
 * every read, so a lost race never decides a payment that changed meanwhile.
 */
export async function closeProviderStep(d: Deps, transId: string, verdict: Verdict, applies: (p: Payment) => boolean): Promise<{ effect: StepEffect; payment?: Payment }> {
  // Two writers are the most that race on one payment; three rounds leave room for one more.
  for (let round = 0; round < 3; round++) {
    const p = PATTERNS.uuid.test(transId) ? await d.payments.get(transId) : undefined;
    if (!p || !applies(p)) return { effect: 'unknown' };
    if (!isWaitingForProvider(p)) return { effect: 'unchanged', payment: p };
    // Already PENDING: a repeated "pending" changes nothing.
    if (verdict.outcome === 'pending' && p.status === 'PENDING') return { effect: 'unchanged', payment: p };
    const recorder = await recorderFor(d, p);
    if (!recorder) return { effect: 'unknown' };
    const { next, event } = decide(d, p, verdict, d.clock.now().toISOString());
    const callbacks = recorder(next, event);
    try {
      await d.payments.update(next, callbacks);
    } catch (err) {
      if (err instanceof ConflictError) continue;
      throw err;
    }
    await enqueue(d, callbacks, p.transId);
    return { effect: 'applied', payment: next };
  }
  return { effect: 'unchanged' };
}
