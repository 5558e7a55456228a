/**
 * The shape every follow-up operation (capture, void, refund/reversal, 3DS completion) shares:
 *   1. record the attempt as "waiting" with a conditional write — a concurrent attempt on the same payment loses here
 *      (version check) or, reading after us, sees the waiting attempt and is refused by its rules;
 *   2. ask the connector;
 *   3. record the outcome and its callbacks in one conditional write (the outbox), then queue the callbacks.
 * If the connector call throws, the attempt stays "waiting" and the answer is UNDEFINED: its outcome is unknown
 * until the reconciler asks the acquirer (docs/reconciliation.md) and records it, with its callback.
 */
import type { Payment, TransactionType } from '../../../domain/payment.js';
import { settleRecord } from '../../../domain/payment-machine/index.js';
import type { ConnectorOutcome } from '../../../ports/connector.js';
import type { TransactionItems } from '../../../ports/transaction-items.js';
import { logger } from '../../../lib/logger.js';
import type { CallbackRecorder, CoreDeps, CoreResult, IdempotencyHook, PaymentEvent } from './types.js';
import type { FollowUpClaim } from './recover.js';
import { writeOrAdopt } from './late-answer.js';
import { addClaim, dropClaim, releaseClaim, reserveWithClaim } from './follow-up-claim.js';

export interface Attempt {
  type: TransactionType;
  amount: number;
  id: string;
}

export interface AttemptHooks {
  callbacks: CallbackRecorder;
  idempotency?: IdempotencyHook;
  /** A follow-up's claim: the attempt is noted on it when reserved, so a duplicate answers this attempt (recover.ts). */
  followUp?: FollowUpClaim;
  /** Entries stored with the attempt's first write (a console action's audit entry): its reservation, else its outcome. */
  alongside?: TransactionItems;
}

export function nextVersion(p: Payment, now: string): Payment {
  const next = structuredClone(p);
  next.version = p.version + 1;
  next.updatedAt = now;
  return next;
}

export async function runAttempt(
  d: Pick<CoreDeps, 'payments' | 'callbackQueue' | 'clock'>,
  payment: Payment,
  attempt: Attempt,
  call: (p: Payment) => Promise<ConnectorOutcome>,
  apply: (next: Payment, outcome: ConnectorOutcome, now: string) => PaymentEvent,
  hooks: AttemptHooks,
): Promise<CoreResult> {
  const started = d.clock.now().toISOString();
  const reserved = nextVersion(payment, started);
  reserved.history.push({ id: attempt.id, type: attempt.type, status: 'waiting', date: started, amount: attempt.amount });
  const onPayment = hooks.followUp?.onPayment;
  if (hooks.followUp && onPayment) {
    addClaim(
      reserved,
      { key: hooks.followUp.key, attemptId: attempt.id, bodyHash: onPayment.bodyHash },
      Date.parse(started) + d.payments.claimLockMs,
    );
    await reserveWithClaim(d, reserved, hooks.followUp.key, hooks.alongside);
  } else if (hooks.followUp)
    await d.payments.reserveAttempt(reserved, { key: hooks.followUp.key, attemptId: attempt.id }, { alongside: hooks.alongside });
  else await d.payments.update(reserved, [], undefined, { alongside: hooks.alongside });

  return finishAttempt(d, reserved, attempt, call, apply, hooks, started);
}

/**
 * Steps 2 and 3 for an attempt already reserved (`reserved` holds it waiting, and the request's claim when it keeps
 * one on the payment): ask the connector, record the outcome with its callbacks.
 */
export async function finishAttempt(
  d: Pick<CoreDeps, 'payments' | 'callbackQueue' | 'clock'>,
  reserved: Payment,
  attempt: Attempt,
  call: (p: Payment) => Promise<ConnectorOutcome>,
  apply: (next: Payment, outcome: ConnectorOutcome, now: string) => PaymentEvent,
  hooks: AttemptHooks,
  started: string,
): Promise<CoreResult> {
  const onPayment = hooks.followUp?.onPayment;
  let outcome: ConnectorOutcome;
  try {
    outcome = await call(reserved);
  } catch (err) {
    logger.error('acquirer did not answer; attempt left waiting', {
      transId: reserved.transId,
      attempt: attempt.type,
      error: (err as Error).message,
    });
    const event: PaymentEvent = {
      operation: attempt.type,
      result: 'UNDEFINED',
      amount: attempt.amount,
      attemptId: attempt.id,
      date: started,
    };
    // Answered: like a claim item, the claim goes (the attempt stays waiting for the reconciler).
    if (onPayment) await releaseClaim(d, reserved, attempt.id);
    return { payment: reserved, event, callbacks: [] };
  }
  const now = d.clock.now().toISOString();
  const final = nextVersion(reserved, now);
  // The outcome's write ends the request's claim, whatever the outcome.
  dropClaim(final, attempt.id);
  const event = apply(final, outcome, now);
  const record = final.history.find((h) => h.id === attempt.id)!;
  settleRecord(record, event.result === 'SUCCESS' ? 'success' : event.result === 'DECLINED' ? 'fail' : 'waiting', now, event.declineReason);
  const callbacks = hooks.callbacks(final, event);
  const adopted = await writeOrAdopt(d, final.transId, attempt.id, () =>
    d.payments.update(
      final,
      callbacks,
      hooks.idempotency && { key: hooks.idempotency.key, result: hooks.idempotency.result(final, event) },
      { alongside: hooks.alongside },
    ),
  );
  if (adopted) return adopted;
  await enqueue(d, callbacks, final.transId);
  return { payment: final, event, callbacks };
}

export async function enqueue(d: Pick<CoreDeps, 'callbackQueue'>, callbacks: CoreResult['callbacks'], transId: string): Promise<void> {
  await d.callbackQueue.enqueue(callbacks).catch((err: Error) => {
    // The outbox sweeper queues it later; the state change itself is already stored.
    logger.warn('callback enqueue deferred to sweeper', { transId, error: err.message });
  });
}

/** History predicates of the state machine's guards, for the cores that still read them. */
export { hasAttempt, waitingAmount } from '../../../domain/payment-machine/index.js';
