/**
 * A signed acquirer outcome that contradicts what the payment recorded (docs/reconciliation.md "Late outcomes"): an
 * approval of a payment recorded DECLINED (typically after the reconciler gave up), a capture or refund failing after
 * it was recorded as done. It is never acknowledged silently:
 *   1. recorded on the payment (details.lateOutcomes) by a conditional write: the same outcome delivered again, even
 *      at once, finds it there and changes nothing;
 *   2. counted (metric LateAcquirerOutcomes, alarmed) and logged;
 *   3. a late approval is reversed at the acquirer (the connector's reverseLate, by the acquirer's id of it), sent
 *      only by the writer that recorded it in step 1, and only once: its answer (or its lack) is recorded, and an
 *      unanswered reversal is left to an operator, never sent again. A failed capture or refund is flagged for an
 *      operator: the money the merchant was told about did not move.
 */
import type { Deps } from '../../deps.js';
import { ConflictError } from '../../../domain/errors.js';
import type { Payment } from '../../../domain/payment.js';
import type { LateOutcome } from '../../../domain/payment-details.js';
import { attemptReference } from '../../../domain/acquirer-reference.js';
import { logger } from '../../../lib/logger.js';
import { noteMetric } from '../../../lib/telemetry.js';
import { nextVersion } from './attempt.js';

export const LATE_OUTCOME_METRIC = 'LateAcquirerOutcomes';

/** Writers that lost a race re-read and try again this often before the acquirer is asked to deliver again. */
const WRITE_TRIES = 5;

export type LateOutcomeDeps = Pick<Deps, 'payments' | 'clock' | 'connectors'>;

/** What the acquirer reported, before it is recorded. */
export type LateReport = Pick<LateOutcome, 'event' | 'attemptId' | 'amount' | 'acquirerRef' | 'handling'>;

/**
 * Whether the payment already holds this outcome: the same handling of the same transaction (a repeated delivery, or
 * another event saying the same, as Checkout.com's payment_approved and payment_captured do).
 */
export const alreadyRecorded = (p: Payment, r: Pick<LateOutcome, 'handling' | 'attemptId'>): boolean =>
  !!p.details.lateOutcomes?.some((o) => o.handling === r.handling && o.attemptId === r.attemptId);

/** Records the contradicting outcome once, and reverses a late approval once. applied: this call recorded it. */
export async function recordLateOutcome(d: LateOutcomeDeps, payment: Payment, report: LateReport): Promise<'applied' | 'unchanged'> {
  const at = d.clock.now().toISOString();
  const entry: LateOutcome = { ...report, at, ...(report.handling === 'reverse' ? { reversal: 'sending' as const } : {}) };
  const recorded = await withFresh(d, payment, (p) => (alreadyRecorded(p, report) ? undefined : withEntry(p, entry, at)));
  if (!recorded) return 'unchanged';
  noteMetric(LATE_OUTCOME_METRIC, 1);
  logger.error('acquirer outcome contradicts the recorded payment', {
    transId: payment.transId,
    clientKey: payment.clientKey,
    event: report.event,
    attemptId: report.attemptId,
    handling: report.handling,
    acquirerRef: report.acquirerRef,
  });
  if (report.handling === 'reverse') await sendReversal(d, recorded, entry);
  return 'applied';
}

/**
 * Sends the reversal the payment's entry stands for (written as `sending` by the caller's conditional write) and
 * records its answer. Called once per entry, by the writer that recorded it.
 */
export async function sendReversal(d: LateOutcomeDeps, payment: Payment, entry: LateOutcome): Promise<void> {
  const bound = await d.connectors.forPayment(payment);
  let answer: Pick<LateOutcome, 'reversal' | 'note'>;
  if (!bound.reverseLate) {
    answer = { reversal: 'refused', note: `The ${payment.connector} connector cannot reverse a payment: an operator must.` };
  } else {
    try {
      const outcome = await bound.reverseLate({
        transId: payment.transId,
        reference: attemptReference(payment.transId, payment.details.routingAttempt),
        ...(entry.acquirerRef ? { acquirerRef: entry.acquirerRef } : {}),
        amount: entry.amount,
        currency: payment.currency,
      });
      // approved: reversed at once (the upstream's VOID); pending: accepted, its webhook says how it ended.
      answer =
        outcome.kind === 'declined'
          ? { reversal: 'refused', note: outcome.reason }
          : { reversal: outcome.kind === 'approved' ? 'done' : 'received' };
    } catch (err) {
      // Not sent again: whether the acquirer took it is unknown, and a second one could move money twice.
      answer = { reversal: 'no-answer', note: (err as Error).message };
    }
  }
  const level = answer.reversal === 'received' ? 'info' : 'error';
  logger[level]('late outcome reversal', { transId: payment.transId, event: entry.event, reversal: answer.reversal, note: answer.note });
  await withFresh(d, payment, (p) => {
    const next = nextVersion(p, d.clock.now().toISOString());
    const mine = next.details.lateOutcomes?.find((o) => o.handling === entry.handling && o.attemptId === entry.attemptId);
    if (!mine || mine.reversal !== 'sending') return undefined;
    Object.assign(mine, answer);
    return next;
  });
}

/**
 * The acquirer's webhook about a reversal this platform sent (its reference names it): done or failed, recorded on
 * the entry once. A failed one is money still taken: counted and logged like a late outcome.
 */
export async function confirmReversal(
  d: LateOutcomeDeps,
  payment: Payment,
  handling: LateOutcome['handling'],
  ok: boolean,
  note?: string,
): Promise<'applied' | 'unchanged'> {
  const result: LateOutcome['reversal'] = ok ? 'done' : 'failed';
  const written = await withFresh(d, payment, (p) => {
    const next = nextVersion(p, d.clock.now().toISOString());
    const mine = next.details.lateOutcomes?.find((o) => o.handling === handling && o.attemptId === p.transId);
    if (!mine || mine.reversal === 'done' || mine.reversal === 'failed') return undefined;
    Object.assign(mine, { reversal: result }, note && !ok ? { note } : {});
    return next;
  });
  if (!written) return 'unchanged';
  if (!ok) noteMetric(LATE_OUTCOME_METRIC, 1);
  logger[ok ? 'info' : 'error']('late outcome reversal confirmed by the acquirer', {
    transId: payment.transId,
    handling,
    reversal: result,
    note,
  });
  return 'applied';
}

/** The payment with the entry added. */
export function withEntry(p: Payment, entry: LateOutcome, at: string): Payment {
  const next = nextVersion(p, at);
  next.details = { ...next.details, lateOutcomes: [...(next.details.lateOutcomes ?? []), entry] };
  return next;
}

/**
 * Writes change(p) with the payment's version as the condition, re-reading and re-deciding after a lost race; the
 * payment written, or undefined when change decided there is nothing to write.
 */
async function withFresh(
  d: Pick<Deps, 'payments'>,
  payment: Payment,
  change: (p: Payment) => Payment | undefined,
): Promise<Payment | undefined> {
  let current = payment;
  for (let i = 1; ; i++) {
    const next = change(current);
    if (!next) return undefined;
    try {
      await d.payments.update(next, []);
      return next;
    } catch (err) {
      // The last lost race is thrown: the webhook is refused and the acquirer delivers it again.
      if (!(err instanceof ConflictError) || i >= WRITE_TRIES) throw err;
      const fresh = await d.payments.get(payment.transId);
      if (!fresh) throw err;
      current = fresh;
    }
  }
}
