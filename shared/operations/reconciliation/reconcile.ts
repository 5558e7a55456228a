/**
 * The reconciler (an EventBridge rate schedule): resolves transactions the acquirer never answered — a payment left
 * PREPARE (UNDEFINED) or a capture / refund / void left "waiting" — once they are older than the grace period:
 *   0. payments whose request died between reservation and outcome (a reservation writes no list entry) are put on
 *      the list: each merchant's payments reserved before now − grace are walked from where the last walk stopped;
 *   1. the sparse index lists payments waiting since before now − grace, oldest first;
 *   2. for each waiting transaction the connector is asked (inquire); no answer yet leaves it for the next run,
 *      and a transaction still unknown after the give-up period is declined with GAVE_UP_REASON;
 *   3. the final outcome and the protocol's callback are one conditional write (version), which also drops the
 *      payment from the index — concurrent reconcilers (or a late answer of the original request) resolve it once:
 *      the loser's write fails its version check and it moves on.
 */
import type { Deps } from '../deps.js';
import { ConflictError } from '../../domain/errors.js';
import type { Payment, TransactionRecord } from '../../domain/payment.js';
import type { LateOutcome } from '../../domain/payment-details.js';
import { sendReversal, inquire, enqueue, nextVersion, resolveTransaction, type FinalOutcome } from '../payment/index.js';
import { awaitingAcquirer } from '../../domain/undetermined.js';
import { logger } from '../../lib/logger.js';
import { noteMetric } from '../../lib/telemetry.js';
import type { UndeterminedPayments } from '../../ports/undetermined-payments.js';
import type { Alongside } from '../../ports/transaction-items.js';
import { recorderFor } from './recorders.js';
import { latestNow, onMerchantClock } from '../clock/merchant-clocks.js';

export const GAVE_UP_REASON = 'No final answer from the acquirer.';

/** Payments waiting longer than this count as undetermined for the operators' alarm (docs/operations.md). */
export const UNDETERMINED_ALARM_MINUTES = 10;
/** The count reads at most this many list entries (keys only): past it, the alarm has long fired anyway. */
const UNDETERMINED_COUNT_LIMIT = 1000;

/** The ports the reconciler reads: the payment, its merchant, the acquirer's answer (inquire), its callbacks. */
export type ReconcileDeps = Pick<Deps, 'payments' | 'merchants' | 'callbackQueue' | 'clock' | 'newId' | 'connectors'>;

export interface ReconcileContext {
  deps: ReconcileDeps;
  undetermined: UndeterminedPayments;
  graceSeconds: number;
  giveUpSeconds: number;
  /** Payments looked at per run (the next run continues). */
  batchSize: number;
  /** Payments of one merchant walked per run for reservations left without an outcome (the next run continues). */
  walkSize: number;
}

/** What an operation reading the reconciler declares beside its ports (`Pick<Deps, …> & WithReconciliation`). */
export interface WithReconciliation {
  /** The reconciler of transactions the acquirer never answered (docs/reconciliation.md). */
  readonly reconciliation: ReconcileContext;
}

export interface ReconcileReport {
  /** Payments whose request died between reservation and outcome, put on the list by this run. */
  listed: number;
  /** Payments looked at. */
  checked: number;
  /** Transactions given their final outcome by this run. */
  resolved: number;
  /** Transactions still without a final answer. */
  waiting: number;
  /** Payments another writer changed first (another reconciler, or the original request answering late). */
  conflicts: number;
  failed: number;
  /** Payments on the list waiting for the acquirer for more than UNDETERMINED_ALARM_MINUTES (metric UndeterminedPayments). */
  undetermined: number;
}

export async function reconcile(ctx: ReconcileContext): Promise<ReconcileReport> {
  // A sandbox: up to the latest merchant's time; each payment is then judged by its own merchant's test clock.
  const now = (await latestNow(ctx.deps)).getTime();
  const before = new Date(now - ctx.graceSeconds * 1000).toISOString();
  const listed = await listAbandoned(ctx);
  const entries = await ctx.undetermined.waitingSince(before, ctx.batchSize);
  const report: ReconcileReport = { listed, checked: entries.length, resolved: 0, waiting: 0, conflicts: 0, failed: 0, undetermined: 0 };
  for (const entry of entries) {
    try {
      const r = await reconcilePayment(ctx, entry.transId, now);
      report.resolved += r.resolved;
      report.waiting += r.waiting;
      if (r.conflict) report.conflicts += 1;
    } catch (err) {
      report.failed += 1;
      logger.error('reconciliation failed', { transId: entry.transId, error: (err as Error).message });
    }
  }
  // Counted after this run's resolutions, so the alarm clears as soon as the acquirer answered.
  const overdue = new Date(ctx.deps.clock.now().getTime() - UNDETERMINED_ALARM_MINUTES * 60_000).toISOString();
  report.undetermined = (await ctx.undetermined.waitingSince(overdue, UNDETERMINED_COUNT_LIMIT)).length;
  noteMetric('UndeterminedPayments', report.undetermined);
  return report;
}

/** Every merchant's abandoned reservations onto the list; one merchant's failure does not stop the others. */
async function listAbandoned(ctx: ReconcileContext): Promise<number> {
  let listed = 0;
  for (const clientKey of await ctx.undetermined.merchants()) {
    try {
      const merchantNow = (await onMerchantClock(ctx.deps, clientKey)).clock.now().getTime();
      const before = new Date(merchantNow - ctx.graceSeconds * 1000).toISOString();
      listed += await ctx.undetermined.listAbandoned(clientKey, before, ctx.walkSize);
    } catch (err) {
      logger.error("walking a merchant's payments failed", { clientKey, error: (err as Error).message });
    }
  }
  return listed;
}

/** One payment's waiting transactions, each asked about and resolved once (also run on an acquirer's notification). */
export async function reconcilePayment(
  ctx: Pick<ReconcileContext, 'deps' | 'graceSeconds' | 'giveUpSeconds'>,
  transId: string,
  now: number,
  /** Stored with the first resolution's write (a console inquiry's audit entry). */
  opts: Alongside = {},
): Promise<{ resolved: number; waiting: number; conflict: boolean }> {
  let payment = await ctx.deps.payments.get(transId);
  const result = { resolved: 0, waiting: 0, conflict: false };
  if (!payment) return result;
  // A sandbox: the payment's grace and give-up run on its merchant's test clock (docs/test-clock.md).
  const d = await onMerchantClock(ctx.deps, payment.clientKey);
  if (ctx.deps.clock.forMerchant) now = d.clock.now().getTime();
  const config = await d.merchants.get(payment.clientKey);
  if (!config) throw new Error('merchant of the payment not found');
  const callbacksOf = recorderFor(d, config, payment.protocol);

  for (const attempt of awaitingAcquirer(payment)) {
    const age = now - Date.parse(attempt.date);
    const outcome = age >= ctx.graceSeconds * 1000 ? await finalOutcome(ctx, payment, attempt, age) : undefined;
    if (!outcome) {
      result.waiting += 1;
      continue;
    }
    const at = d.clock.now().toISOString();
    const next = nextVersion(payment, at);
    const event = resolveTransaction(next, attempt, outcome, at);
    // Giving up on the payment's own transaction: the acquirer may have taken the money after all. The cancel by our
    // reference (Adyen's technical cancel) is written with the decline, and sent once, after the write won.
    const cancel = outcome === GAVE_UP && attempt.id === payment.transId ? await technicalCancel(d, payment, attempt, at) : undefined;
    if (cancel) next.details = { ...next.details, lateOutcomes: [...(next.details.lateOutcomes ?? []), cancel] };
    const callbacks = callbacksOf(next, event);
    try {
      await d.payments.update(next, callbacks, undefined, opts);
    } catch (err) {
      if (!(err instanceof ConflictError)) throw err;
      logger.info('reconciliation lost a race; the payment changed meanwhile', { transId });
      return { ...result, conflict: true };
    }
    await enqueue(d, callbacks, transId);
    logger.info('undetermined transaction resolved', {
      transId,
      clientKey: payment.clientKey,
      attemptId: attempt.id,
      type: attempt.type,
      result: event.result,
    });
    result.resolved += 1;
    payment = next;
    if (cancel) {
      await sendReversal(d, next, cancel);
      // Its answer was written as a newer version: the next transaction's write is conditioned on that one.
      payment = (await d.payments.get(transId)) ?? next;
    }
  }
  return result;
}

/** The acquirer's final answer, the platform's decline once it gives up, or undefined: ask again next run. */
async function finalOutcome(
  ctx: Pick<ReconcileContext, 'deps' | 'giveUpSeconds'>,
  p: Payment,
  attempt: TransactionRecord,
  ageMs: number,
): Promise<FinalOutcome | undefined> {
  const answer = await inquire(ctx.deps, p, attempt);
  if (answer !== 'unknown' && answer.kind !== 'challenge') return answer;
  if (ageMs >= ctx.giveUpSeconds * 1000) return GAVE_UP;
  return undefined;
}

/** The platform's own decline once it gives up (compared by identity: an acquirer's decline is never this one). */
const GAVE_UP: FinalOutcome = Object.freeze({ kind: 'declined', reason: GAVE_UP_REASON });

/** The technical cancel to send when giving up, where the payment's connector can cancel (reverseLate). */
async function technicalCancel(
  d: Pick<ReconcileDeps, 'connectors'>,
  payment: Payment,
  attempt: TransactionRecord,
  at: string,
): Promise<LateOutcome | undefined> {
  const bound = await d.connectors.forPayment(payment);
  // By the acquirer's id of the payment, or by our reference where the acquirer can (Adyen's technical cancel).
  if (!bound.reverseLate || (!payment.rrn && !bound.cancelsByReference)) return undefined;
  return {
    event: 'GIVE_UP',
    attemptId: attempt.id,
    amount: attempt.amount,
    at,
    handling: 'technical-cancel',
    reversal: 'sending',
    ...(payment.rrn ? { acquirerRef: payment.rrn } : {}),
  };
}
