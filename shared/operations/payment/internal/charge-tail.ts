/**
 * The tail every new payment shares, card or APM (charge.ts, s2s-apm/charge.ts):
 *   1. reserve: the payment as PREPARE (and the caller's idempotency claim) in one conditional write, before any money
 *      moves — a crash from here on leaves the payment on record, never an approval nobody knows about;
 *   2. the acquirer / provider;
 *   3. its answer through the state machine, the flow's own facts (tokens, the redirect page's secret ...), the
 *      callbacks and the idempotent answer in one conditional write, then the callbacks are queued. The answer is
 *      kept on the payment (the claim names it), so a merchant without callbacks needs no transaction here.
 * An acquirer that fails to answer leaves the payment PREPARE: the protocol's UNDEFINED, final by callback later.
 */
import type { Payment, TransactionType } from '../../../domain/payment.js';
import { settleRecord, type Decision } from '../../../domain/payment-machine/index.js';
import type { ConnectorOutcome } from '../../../ports/connector.js';
import { logger } from '../../../lib/logger.js';
import { enqueue, nextVersion, type AttemptHooks } from './attempt.js';
import { applyOutcome } from './outcome.js';
import { claimOf, reserveOnce, type RecoverDeps } from './recover.js';
import { writeOrAdopt } from './late-answer.js';
import type { CoreDeps, CoreResult, PaymentEvent } from './types.js';

export interface NewPaymentFlow {
  /** The payment's own transaction, as its callback names it once decided (SALE, AUTH, DEBIT ...). */
  transactionType: TransactionType;
  /** An approval holds the funds (PENDING) instead of settling. */
  hold: boolean;
  /** Asks the acquirer or provider; a throw is no answer. */
  call(transId: string): Promise<ConnectorOutcome>;
  /** The flow's own facts on the answered payment, before it is written (tokens, the page's secret, a deadline). */
  onAnswer?(payment: Payment, outcome: ConnectorOutcome, decision: Decision, now: string): Promise<void> | void;
}

export async function chargeNewPayment(d: RecoverDeps, reserved: Payment, flow: NewPaymentFlow, hooks: AttemptHooks): Promise<CoreResult> {
  const recovered = await reserveOnce(d, reserved, hooks);
  if (recovered) return recovered;

  let outcome: ConnectorOutcome;
  try {
    outcome = await flow.call(reserved.transId);
  } catch (err) {
    logger.error('acquirer did not answer; payment left PREPARE', {
      transId: reserved.transId,
      connector: reserved.connector,
      error: (err as Error).message,
    });
    return undetermined(d, reserved, hooks);
  }
  const now = d.clock.now().toISOString();
  const payment = nextVersion(reserved, now);
  const entry = payment.history[0]!;
  // A 3DS / redirect / provider step takes the entry's place until the payer (or the provider) finishes it.
  if (outcome.kind === 'challenge') {
    entry.type = outcome.type;
    settleRecord(entry, 'waiting', now);
  } else settleRecord(entry, outcome.kind === 'approved' ? 'success' : outcome.kind === 'declined' ? 'fail' : 'waiting', now);
  const decision = applyOutcome(payment, outcome, flow.hold);
  await flow.onAnswer?.(payment, outcome, decision, now);

  const result = decision.callback ?? 'UNDEFINED';
  const event: PaymentEvent = {
    operation: result === 'REDIRECT' && outcome.kind === 'challenge' ? outcome.type : flow.transactionType,
    result,
    amount: reserved.amount,
    attemptId: reserved.transId,
    date: now,
    declineReason: payment.declineReason,
  };
  const callbacks = hooks.callbacks(payment, event);
  // An acquirer's notification may have recorded the outcome first: then this request answers what it recorded.
  const adopted = await writeOrAdopt(d, payment.transId, payment.transId, () =>
    d.payments.update(
      payment,
      callbacks,
      hooks.idempotency && {
        key: hooks.idempotency.key,
        result: hooks.idempotency.result(payment, event),
        keepSeconds: claimOf(hooks)?.ttlSeconds,
      },
    ),
  );
  if (adopted) return adopted;
  await enqueue(d, callbacks, payment.transId);
  return { payment, event, callbacks };
}

/** The acquirer's answer is unknown: answer UNDEFINED/PREPARE, and let a repeated request get that same answer. */
export async function undetermined(d: Pick<CoreDeps, 'payments' | 'clock'>, reserved: Payment, hooks: AttemptHooks): Promise<CoreResult> {
  const event: PaymentEvent = {
    operation: reserved.details.transactionType ?? reserved.action,
    result: 'UNDEFINED',
    amount: reserved.amount,
    attemptId: reserved.transId,
    date: reserved.createdAt,
  };
  if (hooks.idempotency) {
    const payment = nextVersion(reserved, d.clock.now().toISOString());
    await d.payments.update(payment, [], {
      key: hooks.idempotency.key,
      result: hooks.idempotency.result(payment, event),
      keepSeconds: claimOf(hooks)?.ttlSeconds,
    });
    return { payment, event, callbacks: [] };
  }
  return { payment: reserved, event, callbacks: [] };
}
