/**
 * Ends a payment's open provider step (REDIRECT to the provider's page, a QR, a bank window, a crypto address) with
 * the provider's verdict, or the platform's when a deadline passes unpaid. The change and its callback are one
 * conditional write (version check): whoever comes second — a duplicate notification, a late one, the deadline
 * sweeper racing a payment — re-reads, finds the payment final and changes nothing.
 */
import type { Deps } from '../deps.js';
import { ConflictError } from '../../domain/errors.js';
import type { Payment } from '../../domain/payment.js';
import { apply, decide, ownTransaction, settleRecord } from '../../domain/payment-machine/index.js';
import { PATTERNS } from '../../protocol/fields.js';
import { enqueue, nextVersion, type CallbackRecorder, type PaymentEvent } from '../payment/index.js';
import { apmRecorder } from '../s2s-apm/pipeline.js';
import { checkoutCallbacks } from '../checkout/callbacks.js';

export type StepEffect = 'applied' | 'unchanged' | 'unknown';

/** What closing a provider step reads: the payment, its merchant (the callbacks' protocol), the outcome's callbacks. */
export type ProviderStepDeps = Pick<Deps, 'payments' | 'merchants' | 'callbackQueue' | 'clock' | 'newId'>;

export interface Verdict {
  /** pending: the provider has the payment but no money yet — PENDING, an INIT callback, the step stays open. */
  outcome: 'approved' | 'declined' | 'pending';
  declineReason?: string;
  /** The provider's own word (executed, ACSC, expired ...), kept on the payment. */
  providerStatus: string;
  /** The platform's verdict: the step's deadline passed unpaid (the machine's DEADLINE_PASSED). */
  deadline?: boolean;
}

async function recorderFor(d: Pick<Deps, 'merchants' | 'newId'>, p: Payment): Promise<CallbackRecorder | undefined> {
  const config = await d.merchants.get(p.clientKey);
  if (!config) return undefined;
  return p.protocol === 'checkout' ? checkoutCallbacks(d, config.merchant) : apmRecorder({ config, deps: d });
}

const EVENTS: Record<Verdict['outcome'], 'PROVIDER_APPROVED' | 'PROVIDER_DECLINED' | 'PROVIDER_PENDING'> = {
  approved: 'PROVIDER_APPROVED',
  declined: 'PROVIDER_DECLINED',
  pending: 'PROVIDER_PENDING',
};

/** The machine's event for a verdict: the provider's, or the deadline sweeper's (an `expired` decline). */
function eventOf(v: Verdict): 'PROVIDER_APPROVED' | 'PROVIDER_DECLINED' | 'PROVIDER_PENDING' | 'DEADLINE_PASSED' {
  return v.deadline ? 'DEADLINE_PASSED' : EVENTS[v.outcome];
}

/** The payment after the verdict and the event its callback reports; undefined: the verdict changes nothing. */
function decideStep(d: Pick<Deps, 'newId'>, p: Payment, v: Verdict, now: string): { next: Payment; event: PaymentEvent } | undefined {
  const hold = p.details.authorize === true;
  const verdict = decide(p, { name: eventOf(v), hold });
  if (!verdict.ok || !verdict.decision.callback) return undefined;
  const type = ownTransaction(p);
  const next = nextVersion(p, now);
  next.details.providerStatus = v.providerStatus;
  if (v.outcome === 'pending') {
    apply(next, { name: 'PROVIDER_PENDING', hold });
    return { next, event: { operation: type, result: 'INIT', amount: p.amount, attemptId: p.transId, date: now } };
  }
  const approved = v.outcome === 'approved';
  apply(next, { name: eventOf(v), hold });
  if (approved) {
    next.rrn = p.transId.replace(/-/g, '').slice(0, 12);
    next.approvalCode = v.providerStatus.slice(0, 6).toUpperCase();
    next.declineReason = undefined;
  } else next.declineReason = v.declineReason ?? 'Declined by processing.';
  const step = next.history.find((h) => h.type === 'REDIRECT' && h.status === 'waiting');
  if (step) settleRecord(step, approved ? 'success' : 'fail', now);
  const commission = p.details.commission ?? 0;
  next.history.push({
    id: d.newId(),
    type,
    status: approved ? 'success' : 'fail',
    date: now,
    amount: p.amount + commission,
    ...(next.declineReason ? { declineReason: next.declineReason } : {}),
  });
  delete next.details.redirectTokenHash;
  const event: PaymentEvent = {
    operation: type,
    result: approved ? 'SUCCESS' : 'DECLINED',
    amount: p.amount,
    attemptId: p.transId,
    date: now,
    declineReason: next.declineReason,
  };
  return { next, event };
}

/**
 * `applies`: whether this payment is the caller's to decide (its provider's, or its deadline passed); re-checked on
 * every read, so a lost race never decides a payment that changed meanwhile.
 */
export async function closeProviderStep(
  d: ProviderStepDeps,
  transId: string,
  verdict: Verdict,
  applies: (p: Payment) => boolean,
): Promise<{ effect: StepEffect; payment?: Payment }> {
  // Two writers are the most that race on one payment; three rounds leave room for one more.
  for (let round = 0; round < 3; round++) {
    const p = PATTERNS.uuid.test(transId) ? await d.payments.get(transId) : undefined;
    if (!p || !applies(p)) return { effect: 'unknown' };
    // A payment no longer waiting for its provider, or a repeated "pending", is left as it is (the machine's rows).
    const decided = decideStep(d, p, verdict, d.clock.now().toISOString());
    if (!decided) return { effect: 'unchanged', payment: p };
    const recorder = await recorderFor(d, p);
    if (!recorder) return { effect: 'unknown' };
    const { next, event } = decided;
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
