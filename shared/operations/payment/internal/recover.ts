/**
 * Charge once, even across crashes. A payment-creating request reserves its payment together with its idempotency
 * claim (one write), and the claim names that payment; a follow-up (capture, refund, void) notes on its claim the
 * attempt it reserved. When a duplicate arrives and the first request's lock has run out (it died, or its last write
 * failed), the duplicate never reserves a second payment or attempt: it answers the one already reserved, asking
 * the acquirer about it right away when its outcome is still unknown (the reconciler's inquiry, without waiting for
 * the reconciler's next run), and records that outcome with its callback like the reconciler would.
 */
import { ConflictError } from '../../../domain/errors.js';
import type { Payment } from '../../../domain/payment.js';
import { awaitingAcquirer } from '../../../domain/undetermined.js';
import { IdempotencyClaimedError, type ClaimedEffect } from '../../../ports/payment-store.js';
import { resolveTransaction } from './resolve.js';
import { enqueue, nextVersion, type AttemptHooks } from './attempt.js';
import { inquire } from './inquiry.js';
import { dropClaim, heldClaim } from './follow-up-claim.js';
import { recordedEvent } from './recorded-event.js';
import type { CallbackRecorder, CoreDeps, CoreResult, IdempotencyHook, PaymentEvent } from './types.js';

/** A follow-up's claim, as its core sees it: the key, and what an abandoned earlier request reserved under it. */
/** What recovering a payment reads: the payment, the acquirer's answer (inquire), the outcome's callbacks. */
export type RecoverDeps = Pick<CoreDeps, 'payments' | 'callbackQueue' | 'clock' | 'connectors'>;

export interface FollowUpClaim {
  key: string;
  /** Set when the request found the claim abandoned by an earlier one: answer that attempt instead of a new one. */
  resume?: ClaimedEffect;
  /** The claim is kept on the payment, taken with the attempt's reservation (follow-up-claim.ts), not as an item. */
  onPayment?: { bodyHash?: string };
}

/** The idempotency claim to take together with the reservation, if the caller wants replays. */
export function claimOf(hooks: AttemptHooks): { key: string; ttlSeconds: number } | undefined {
  return hooks.idempotency?.claimTtlSeconds ? { key: hooks.idempotency.key, ttlSeconds: hooks.idempotency.claimTtlSeconds } : undefined;
}

/**
 * Reserves a new payment with the caller's claim. Returns undefined when reserved; the earlier request's payment
 * (settled as far as the acquirer can tell now) when the claim was abandoned by an earlier request that reserved it.
 */
export async function reserveOnce(d: RecoverDeps, reserved: Payment, hooks: AttemptHooks): Promise<CoreResult | undefined> {
  try {
    await d.payments.reserve(reserved, claimOf(hooks));
    return undefined;
  } catch (err) {
    if (!(err instanceof IdempotencyClaimedError) || err.claim.state !== 'in-progress' || !hooks.idempotency) throw err;
    const { stale, reserved: earlier } = err.claim;
    if (!stale || !earlier) throw err;
    return recoverPayment(d, earlier.transId, hooks.callbacks, hooks.idempotency);
  }
}

/** The answer for a payment an abandoned request reserved; completes the claim once the outcome is final. */
async function recoverPayment(
  d: RecoverDeps,
  transId: string,
  callbacks: CallbackRecorder,
  idempotency: IdempotencyHook,
): Promise<CoreResult> {
  const payment = await d.payments.get(transId);
  if (!payment) throw ConflictError.sameRequest();
  const result = await settleAttempt(d, payment, transId, callbacks, idempotency);
  // Still unknown: answer UNDEFINED and leave the claim open, so the next duplicate asks again.
  if (result.callbacks.length === 0 && result.event.result !== 'UNDEFINED') {
    await d.payments.completeClaim(idempotency.key, transId, idempotency.result(result.payment, result.event), idempotency.claimTtlSeconds);
  }
  return result;
}

/**
 * Called first by every follow-up core (with the payment it read): when the request found its claim abandoned by an
 * earlier one, the answer is that request's attempt (settled now if the acquirer can tell), and no new attempt is made.
 */
export async function resumeAbandoned(d: RecoverDeps, hooks: AttemptHooks, payment: Payment): Promise<CoreResult | undefined> {
  const claim = hooks.followUp;
  if (claim?.onPayment) return resumeClaimOnPayment(d, payment, claim.key, claim.onPayment.bodyHash, hooks.callbacks);
  if (!claim?.resume) return undefined;
  const reserved = await d.payments.get(claim.resume.transId);
  if (!reserved) throw ConflictError.sameRequest();
  const result = await settleAttempt(d, reserved, claim.resume.attemptId, hooks.callbacks);
  // Decided: the claim has done its job; the merchant's next request on this payment runs normally.
  if (result.event.result !== 'UNDEFINED') await d.payments.release(claim.key);
  return result;
}

/**
 * The claim on the payment under this request's key: none, or spent, runs the request; a live one answers "in
 * progress"; one whose lock ran out (its request died) is answered with its attempt, settled now if the acquirer
 * can tell. A different body finding it so is told to retry once that is settled, as with a claim item (idempotency.ts).
 */
async function resumeClaimOnPayment(
  d: RecoverDeps,
  payment: Payment,
  key: string,
  bodyHash: string | undefined,
  callbacks: CallbackRecorder,
): Promise<CoreResult | undefined> {
  const held = heldClaim(payment, key);
  if (!held) return undefined;
  if (held.lockExpiresAt >= d.clock.now().getTime()) throw ConflictError.sameRequest();
  const result = await settleAttempt(d, payment, held.attemptId, callbacks);
  if (held.bodyHash && bodyHash && held.bodyHash !== bodyHash) throw ConflictError.interrupted();
  return result;
}

/**
 * The attempt's outcome: as recorded, or, while it still waits for the acquirer, the acquirer's answer to an
 * inquiry, recorded with its callback (and the caller's idempotent answer) in one conditional write.
 */
async function settleAttempt(
  d: RecoverDeps,
  payment: Payment,
  attemptId: string,
  callbacks: CallbackRecorder,
  idempotency?: IdempotencyHook,
): Promise<CoreResult> {
  const attempt = awaitingAcquirer(payment).find((a) => a.id === attemptId);
  if (!attempt) return { payment, event: recordedEvent(payment, attemptId), callbacks: [] };
  const answer = await inquire(d, payment, attempt);
  if (answer === 'unknown' || answer.kind === 'challenge') {
    const event: PaymentEvent = { operation: attempt.type, result: 'UNDEFINED', amount: attempt.amount, attemptId, date: attempt.date };
    return { payment, event, callbacks: [] };
  }
  const now = d.clock.now().toISOString();
  const next = nextVersion(payment, now);
  const event = resolveTransaction(next, attempt, answer, now);
  dropClaim(next, attemptId);
  const records = callbacks(next, event);
  try {
    // A payment-creating request's answer is kept on the payment (its claim, or named by its claim item).
    await d.payments.update(
      next,
      records,
      idempotency && { key: idempotency.key, result: idempotency.result(next, event), keepSeconds: idempotency.claimTtlSeconds },
    );
  } catch (err) {
    if (!(err instanceof ConflictError)) throw err;
    // The reconciler (or the original request, answering late) recorded it first: answer what it recorded.
    const fresh = await d.payments.get(payment.transId);
    if (!fresh) throw err;
    return { payment: fresh, event: recordedEvent(fresh, attemptId), callbacks: [] };
  }
  await enqueue(d, records, next.transId);
  return { payment: next, event, callbacks: records };
}
