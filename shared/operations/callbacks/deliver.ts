/**
 * Delivers queued callbacks (the SQS consumer's operation). For each message:
 * load the outbox item → drop stale copies (delivered, failed, leased by another consumer) → keep the payment's
 * order (hold seq N until N-1 is delivered) → respect a paused URL (back to the queue, not an attempt) → claim a
 * lease (conditional write; concurrent copies give one POST) → POST → record attempt + next state in one
 * transaction → retry later (ChangeMessageVisibility), or let SQS dead-letter it after the last receive.
 *
 * Returns, per message, whether SQS should delete it ('done') or keep it ('keep': visibility already set).
 */
import type { CallbackMessage, DeliveryAttempt, StoredCallback } from '../../domain/callback.js';
import { clampVisibility, isLastReceive, retryDelaySeconds } from '../../protocol/callbacks/delivery-policy.js';
import { afterSuccess, afterTimeout, pausedForMs } from '../../protocol/callbacks/url-pause.js';
import { logger } from '../../logger.js';
import { noteDeliveries } from '../../telemetry.js';
import type { CallbackContext } from './context.js';
import { postCallback } from './post-callback.js';
import { notifySuccessor } from './successor.js';

export interface ReceivedMessage {
  messageId: string;
  receiptHandle: string;
  message: CallbackMessage | undefined;
  /** SQS ApproximateReceiveCount: 1 on the first receive. */
  receiveCount: number;
  /** SQS SentTimestamp (ms): the 12-hour visibility limit counts from about here. */
  sentAt: number;
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
          logger.error('callback delivery error', { transId: r.message!.transId, eventId: r.message!.eventId, error: (err as Error).message });
          verdict = 'keep';
        }
        verdicts.set(r.messageId, verdict);
      }
    }),
  );
  return verdicts;
}

export async function deliverOne(ctx: CallbackContext, msg: CallbackMessage, r: ReceivedMessage): Promise<Verdict> {
  const now = ctx.clock.now();
  const nowIso = now.toISOString();
  const cb = await ctx.outbox.get(msg);
  if (!cb) {
    logger.warn('callback message names no outbox item', { transId: msg.transId, eventId: msg.eventId });
    return 'done';
  }
  // Idempotent per event id: a copy of a finished callback is dropped.
  if (cb.delivery === 'DELIVERED' || cb.delivery === 'FAILED') return 'done';
  // Another consumer is POSTing it; its message (or, if it dies, the sweeper) carries it on.
  if (cb.leaseUntil && Date.parse(cb.leaseUntil) > now.getTime()) return 'done';
  // An early copy of a callback waiting for its retry: this copy waits too (it may be the only one left).
  if (cb.nextAttemptAt && Date.parse(cb.nextAttemptAt) > now.getTime()) {
    await ctx.queue.retryAfter(r.receiptHandle, visibility(Date.parse(cb.nextAttemptAt) - now.getTime(), r, now));
    return 'keep';
  }

  if (cb.seq > 1) {
    const previous = await ctx.outbox.getBySeq(cb.transId, cb.seq - 1);
    if (previous && previous.delivery !== 'DELIVERED') return holdBehind(ctx, cb, previous, nowIso);
  }

  const health = await ctx.urlHealth.get(cb.url);
  const pausedMs = pausedForMs(health, now);
  if (pausedMs > 0) {
    if (isLastReceive(ctx.retry, r.receiveCount)) {
      await ctx.outbox.failUnattempted(cb, nowIso, { error: 'URL paused' });
      await ctx.queue.retryAfter(r.receiptHandle, 0);
      await notifySuccessor(ctx, cb, { delivered: false });
      return 'keep';
    }
    // Not an attempt: no POST, nothing logged; the message itself waits out the pause.
    await ctx.outbox.leaveToQueue(cb);
    await ctx.queue.retryAfter(r.receiptHandle, visibility(pausedMs + 1000, r, now));
    return 'keep';
  }

  const leaseId = ctx.newId();
  const claimed = await ctx.outbox.claim(cb, { id: leaseId, until: new Date(now.getTime() + ctx.leaseMs).toISOString(), now: nowIso });
  if (!claimed) return 'done';

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
    attempt: claimed.attempts,
    at: nowIso,
    latencyMs: result.latencyMs,
    outcome: result.delivered ? 'DELIVERED' : 'FAILED',
    ...(result.httpStatus !== undefined ? { httpStatus: result.httpStatus } : {}),
    ...(result.error ? { error: result.error } : {}),
  };
  const log = { clientKey: cb.clientKey, transId: cb.transId, eventId: cb.eventId, seq: cb.seq, attempt: attempt.attempt, httpStatus: result.httpStatus, latencyMs: result.latencyMs };

  if (result.delivered) {
    await ctx.outbox.recordAttempt(claimed, leaseId, attempt, { kind: 'delivered' });
    if (health.timeoutsAt.length > 0) await ctx.urlHealth.update(cb.url, (h) => afterSuccess(h, ctx.clock.now()));
    await notifySuccessor(ctx, cb, { delivered: true });
    logger.info('callback delivered', log);
    noteDeliveries('delivered');
    return 'done';
  }

  if (result.timeout) await ctx.urlHealth.update(cb.url, (h) => afterTimeout(h, ctx.clock.now(), ctx.pause));
  if (isLastReceive(ctx.retry, r.receiveCount)) {
    // SQS moves the message to the dead-letter queue on its next receive (redrive policy).
    await ctx.outbox.recordAttempt(claimed, leaseId, attempt, { kind: 'failed' });
    await ctx.queue.retryAfter(r.receiptHandle, 0);
    await notifySuccessor(ctx, cb, { delivered: false });
    logger.warn('callback failed; dead-lettered', { ...log, error: result.error });
    noteDeliveries('failed');
    return 'keep';
  }
  const delay = visibility(retryDelaySeconds(ctx.retry, r.receiveCount) * 1000, r, now);
  // A second early: SQS may show the message a moment before the exact second.
  const nextAttemptAt = new Date(now.getTime() + Math.max(0, delay - 1) * 1000).toISOString();
  await ctx.outbox.recordAttempt(claimed, leaseId, attempt, { kind: 'retry', nextAttemptAt });
  await ctx.queue.retryAfter(r.receiptHandle, delay);
  logger.info('callback attempt failed; retry scheduled', { ...log, error: result.error, retryInSeconds: delay });
  noteDeliveries('retry');
  return 'keep';
}

/** N waits for N-1: HELD while N-1 is on its way (N-1's delivery releases it), FAILED if N-1 failed. */
async function holdBehind(ctx: CallbackContext, cb: StoredCallback, previous: StoredCallback, nowIso: string): Promise<Verdict> {
  if (previous.delivery === 'FAILED') {
    const failed = await ctx.outbox.failUnattempted(cb, nowIso, { error: `callback ${previous.seq} not delivered`, blockedBySeq: previous.seq });
    if (failed) await notifySuccessor(ctx, cb, { delivered: false });
    return 'done';
  }
  // The sweeper looks again once N-1 is due for its next attempt, in case N-1's release message is lost.
  const recheckAt = previous.nextAttemptAt && previous.nextAttemptAt > nowIso ? previous.nextAttemptAt : nowIso;
  await ctx.outbox.hold(cb, recheckAt, nowIso);
  return 'done';
}

function visibility(ms: number, r: ReceivedMessage, now: Date): number {
  return clampVisibility(ms / 1000, (now.getTime() - r.sentAt) / 1000);
}
