/**
 * Delivers queued callbacks (the SQS consumer's operation). For each message, two DynamoDB writes in the common case:
 * keep the payment's order (seq N > 1 reads N-1 and is HELD until N-1 is delivered) → claim a lease (conditional
 * write that returns the item; a refusal says why: delivered, failed, leased by another consumer, not due) →
 * respect a paused URL (claim given back, back to the queue, not an attempt) → POST → record the attempt and the
 * next state in one write → retry later (ChangeMessageVisibility), or let SQS dead-letter it after the last receive.
 *
 * A message handed over directly (the first attempt, Lambda's asynchronous invoke: no receipt) that must wait goes
 * to the queue as a new message that carries the steps taken (sendLater), and a last step that SQS cannot redrive
 * goes to the dead-letter queue by hand: the schedule and the cut-off count steps, not receives (delivery-policy.ts).
 *
 * Returns, per message, whether SQS should delete it ('done') or keep it ('keep': visibility already set). For a
 * direct message 'done' means it is finished or queued; 'keep' that nothing took it (the invoke must fail).
 */
import type { CallbackMessage, DeliveryAttempt, StoredCallback } from '../../domain/callback.js';
import {
  clampVisibility,
  isLastReceive,
  MAX_DELAY_SECONDS,
  retryDelaySeconds,
  stepOf,
  stepsBeforeQueued,
} from '../../protocol/callbacks/delivery-policy.js';
import { afterSuccess, afterTimeout, pausedForMs } from '../../protocol/callbacks/url-pause.js';
import { logger } from '../../lib/logger.js';
import { noteDeliveries } from '../../lib/telemetry.js';
import type { CallbackContext } from './context.js';
import type { Finished } from '../../ports/callbacks.js';
import { postCallback } from './post-callback.js';
import { notifySuccessor } from './successor.js';

export interface ReceivedMessage {
  messageId: string;
  /** Undefined for a message handed over directly (the first attempt, not received from SQS). */
  receiptHandle: string | undefined;
  message: CallbackMessage | undefined;
  /** SQS ApproximateReceiveCount: 1 on the first receive (and for a direct message). */
  receiveCount: number;
  /** SQS SentTimestamp (ms): the 12-hour visibility limit counts from about here. */
  sentAt: number;
  /** Steps the callback took before this message (the message's `stepsBefore`; 0 for a direct one). */
  stepsBefore: number;
}

/** A message handed to the delivery function directly: its callback's first step. */
export function directMessage(message: CallbackMessage, n: number, now: number): ReceivedMessage {
  return { messageId: `direct-${n}`, receiptHandle: undefined, message, receiveCount: 1, sentAt: now, stepsBefore: 0 };
}

export type Verdict = 'done' | 'keep';

/** Payments are independent (handled concurrently); one payment's callbacks go one by one in seq order. */
export async function deliverBatch(ctx: CallbackContext, batch: ReceivedMessage[]): Promise<Map<string, Verdict>> {
  const verdicts = new Map<string, Verdict>();
  const byPayment = new Map<string, ReceivedMessage[]>();
  for (const r of batch) {
    if (!r.message) {
      // Not ours to interpret; SQS dead-letters it after maxReceiveCount, where an operator can look at it.
      logger.error('callback message unreadable', { messageId: r.messageId });
      verdicts.set(r.messageId, 'keep');
      continue;
    }
    const list = byPayment.get(r.message.transId) ?? [];
    list.push(r);
    byPayment.set(r.message.transId, list);
  }
  await Promise.all(
    [...byPayment.values()].map(async (list) => {
      list.sort((a, b) => a.message!.seq - b.message!.seq);
      for (const r of list) {
        let verdict: Verdict;
        try {
          verdict = await deliverOne(ctx, r.message!, r);
        } catch (err) {
          // Unexpected (DynamoDB/KMS unavailable ...): the message comes back after the visibility timeout.
          logger.error('callback delivery error', {
            transId: r.message!.transId,
            eventId: r.message!.eventId,
            error: (err as Error).message,
          });
          verdict = await afterError(ctx, r);
        }
        verdicts.set(r.messageId, verdict);
      }
    }),
  );
  return verdicts;
}

export async function deliverOne(ctx: CallbackContext, msg: CallbackMessage, r: ReceivedMessage, depth = 0): Promise<Verdict> {
  const now = ctx.clock.now();
  const nowIso = now.toISOString();

  // Order: callback N waits for N-1. One read, only for a payment's later callbacks.
  if (msg.seq > 1) {
    const { previous, current } = await ctx.outbox.withPrevious(msg);
    if (!current) return missing(msg);
    if (previous && previous.delivery !== 'DELIVERED' && isOpen(current, now)) {
      const verdict = await holdBehind(ctx, current, previous, nowIso);
      // N-1 finished between the read and the note on it: look again (its state is final now).
      if (verdict !== 'again' || depth > 0) return verdict === 'again' ? 'done' : verdict;
      return deliverOne(ctx, msg, r, depth + 1);
    }
  }

  // The claim is the first write and the only read: a refusal returns the item as it is.
  const leaseId = ctx.newId();
  const taken = await ctx.outbox.take(msg, { id: leaseId, until: new Date(now.getTime() + ctx.leaseMs).toISOString(), now: nowIso });
  if (!taken.claimed) return refused(ctx, msg, taken.current, r, now);
  const cb = taken.claimed;

  const health = await ctx.urlHealth.get(cb.url);
  const pausedMs = pausedForMs(health, now);
  if (pausedMs > 0) {
    // Not an attempt: no POST, nothing logged; the message itself waits out the pause.
    await ctx.outbox.release(cb, leaseId);
    if (isLastReceive(ctx.retry, step(r))) {
      await ctx.outbox.failUnattempted(cb, nowIso, { error: 'URL paused' });
      const verdict = await deadLetter(ctx, msg, r);
      await notifySuccessor(ctx, cb, { delivered: false });
      return verdict;
    }
    return later(ctx, msg, r, pausedMs + 1000, now);
  }

  const secrets = await ctx.secrets.signingKeys(cb.clientKey, now);
  const result = await postCallback({
    url: cb.url,
    fields: cb.fields,
    eventId: cb.eventId,
    secrets,
    // Signed with the real time even when a sandbox's test clock moved: merchants check it against their own clock.
    now: new Date(),
    timeoutMs: ctx.timeoutMs,
    addressPolicy: ctx.addressPolicy,
    resolve: ctx.resolve,
  });
  ctx.crashPoint('during-delivery');

  const attempt: DeliveryAttempt = {
    eventId: cb.eventId,
    transId: cb.transId,
    clientKey: cb.clientKey,
    seq: cb.seq,
    url: cb.url,
    attempt: cb.attempts,
    at: nowIso,
    latencyMs: result.latencyMs,
    outcome: result.delivered ? 'DELIVERED' : 'FAILED',
    ...(result.httpStatus !== undefined ? { httpStatus: result.httpStatus } : {}),
    ...(result.error ? { error: result.error } : {}),
    ...(result.signature ? { signature: result.signature } : {}),
  };
  const log = {
    clientKey: cb.clientKey,
    transId: cb.transId,
    eventId: cb.eventId,
    seq: cb.seq,
    attempt: attempt.attempt,
    httpStatus: result.httpStatus,
    latencyMs: result.latencyMs,
  };

  if (result.delivered) {
    const finished = await ctx.outbox.finish(cb, leaseId, attempt, { kind: 'delivered' });
    if (health.timeoutsAt.length > 0) await ctx.urlHealth.update(cb.url, (h) => afterSuccess(h, ctx.clock.now()));
    await releaseSuccessor(ctx, cb, finished, { delivered: true });
    // One line per delivery only at DEBUG: the attempt is in the callback's log (deliveries) and the invocation's
    // line counts the batch's outcomes; retries and failures below are logged one by one.
    logger.debug('callback delivered', log);
    noteDeliveries('delivered');
    return 'done';
  }

  if (result.timeout) await ctx.urlHealth.update(cb.url, (h) => afterTimeout(h, ctx.clock.now(), ctx.pause));
  if (isLastReceive(ctx.retry, step(r))) {
    // SQS moves the message to the dead-letter queue on its next receive (redrive policy), or it goes there by hand.
    const finished = await ctx.outbox.finish(cb, leaseId, attempt, { kind: 'failed' });
    const verdict = await deadLetter(ctx, msg, r);
    await releaseSuccessor(ctx, cb, finished, { delivered: false });
    logger.warn('callback failed; dead-lettered', { ...log, error: result.error });
    noteDeliveries('failed');
    return verdict;
  }
  const delay = r.receiptHandle ? visibility(retryDelaySeconds(ctx.retry, step(r)) * 1000, r, now) : retryDelaySeconds(ctx.retry, step(r));
  // A second early: SQS may show the message a moment before the exact second.
  const nextAttemptAt = new Date(now.getTime() + Math.max(0, delay - 1) * 1000).toISOString();
  await ctx.outbox.finish(cb, leaseId, attempt, { kind: 'retry', nextAttemptAt });
  const verdict = await later(ctx, msg, r, delay * 1000, now);
  logger.info('callback attempt failed; retry scheduled', { ...log, error: result.error, retryInSeconds: delay });
  noteDeliveries('retry');
  return verdict;
}

/** Nobody else owns it and it is not finished: the ordering rule applies to it. */
function isOpen(cb: StoredCallback, now: Date): boolean {
  if (cb.delivery === 'DELIVERED' || cb.delivery === 'FAILED') return false;
  return !(cb.leaseUntil && Date.parse(cb.leaseUntil) > now.getTime());
}

function missing(msg: CallbackMessage): Verdict {
  logger.warn('callback message names no outbox item', { transId: msg.transId, eventId: msg.eventId });
  return 'done';
}

/** Why the claim was refused, from the item as it was. */
async function refused(
  ctx: CallbackContext,
  msg: CallbackMessage,
  cb: StoredCallback | undefined,
  r: ReceivedMessage,
  now: Date,
): Promise<Verdict> {
  if (!cb) return missing(msg);
  // Idempotent per event id: a copy of a finished callback is dropped.
  if (cb.delivery === 'DELIVERED' || cb.delivery === 'FAILED') return 'done';
  // Another consumer is POSTing it. This copy (most likely the sweeper's: a first attempt's entry keeps its sweep
  // time while leased) comes back when the lease ends, and is dropped then if that consumer finished.
  if (cb.leaseUntil && Date.parse(cb.leaseUntil) > now.getTime()) return later(ctx, msg, r, Date.parse(cb.leaseUntil) - now.getTime(), now);
  // An early copy of a callback waiting for its retry: this copy waits too (it may be the only one left).
  if (cb.nextAttemptAt && Date.parse(cb.nextAttemptAt) > now.getTime())
    return later(ctx, msg, r, Date.parse(cb.nextAttemptAt) - now.getTime(), now);
  return 'done';
}

/** The step this receive is (delivery-policy.ts stepOf). */
function step(r: ReceivedMessage): number {
  return stepOf(r.receiveCount, r.stepsBefore);
}

/**
 * The message comes back in `ms`: a received one by its visibility (kept), a direct one as a new queue message that
 * carries the steps taken (done here: the queue has it now).
 */
async function later(ctx: CallbackContext, msg: CallbackMessage, r: ReceivedMessage, ms: number, now: Date): Promise<Verdict> {
  if (r.receiptHandle) {
    await ctx.queue.retryAfter(r.receiptHandle, visibility(ms, r, now));
    return 'keep';
  }
  const seconds = Math.ceil(ms / 1000);
  await ctx.queue.sendLater(msg, Math.min(seconds, MAX_DELAY_SECONDS), stepsBeforeQueued(step(r), seconds));
  return 'done';
}

/**
 * After the last step: a message of the callback's first SQS step is left to the redrive policy (visible at once,
 * dead-lettered on its next receive); one that SQS would not redrive yet (it counts fewer receives than steps, or
 * was never received) goes to the dead-letter queue by hand.
 */
async function deadLetter(ctx: CallbackContext, msg: CallbackMessage, r: ReceivedMessage): Promise<Verdict> {
  if (r.receiptHandle && r.receiveCount >= ctx.retry.maxReceiveCount) {
    await ctx.queue.retryAfter(r.receiptHandle, 0);
    return 'keep';
  }
  await ctx.queue.deadLetter(msg);
  return 'done';
}

/**
 * An unexpected error (DynamoDB/KMS unavailable ...): a received message comes back after the visibility timeout;
 * a direct one is queued to come back after a lease (the claim it may hold by then has run out). If even that
 * fails the direct invocation fails, and Lambda retries it, then hands it to the queue (its on-failure destination).
 */
async function afterError(ctx: CallbackContext, r: ReceivedMessage): Promise<Verdict> {
  if (r.receiptHandle || !r.message) return 'keep';
  try {
    await ctx.queue.sendLater(r.message, Math.ceil(ctx.leaseMs / 1000), step(r));
    return 'done';
  } catch (err) {
    logger.error('callback not queued after an error', { transId: r.message.transId, error: (err as Error).message });
    return 'keep';
  }
}

/** A later callback noted that it waits for this one (or this was a replay, which may unblock one): tell it. */
async function releaseSuccessor(
  ctx: CallbackContext,
  cb: StoredCallback,
  finished: Finished,
  outcome: { delivered: boolean },
): Promise<void> {
  if (!finished.recorded) return;
  if (finished.successorWaiting || (finished.replays ?? 0) > 0) await notifySuccessor(ctx, cb, outcome, finished.successorWaiting);
}

/**
 * N waits for N-1: HELD while N-1 is on its way (N-1's outcome releases it, through the note left on N-1), FAILED
 * if N-1 failed (the note lets a replay of N-1 reopen it). 'again' when N-1 finished in the meantime.
 */
async function holdBehind(ctx: CallbackContext, cb: StoredCallback, previous: StoredCallback, nowIso: string): Promise<Verdict | 'again'> {
  if (previous.delivery === 'FAILED') {
    const failed = await ctx.outbox.failUnattempted(cb, nowIso, {
      error: `callback ${previous.seq} not delivered`,
      blockedBySeq: previous.seq,
    });
    await ctx.outbox.awaitPrevious(previous, cb.eventId, { whileOpen: false });
    if (failed) await notifySuccessor(ctx, cb, { delivered: false });
    return 'done';
  }
  // The sweeper looks again once N-1 is due for its next attempt, in case N-1's release message is lost.
  const recheckAt = previous.nextAttemptAt && previous.nextAttemptAt > nowIso ? previous.nextAttemptAt : nowIso;
  await ctx.outbox.hold(cb, recheckAt, nowIso);
  if (!(await ctx.outbox.awaitPrevious(previous, cb.eventId, { whileOpen: true }))) return 'again';
  return 'done';
}

function visibility(ms: number, r: ReceivedMessage, now: Date): number {
  return clampVisibility(ms / 1000, (now.getTime() - r.sentAt) / 1000);
}
