/**
 * After callback N of a payment is finished, callback N+1 must hear of it at once rather than wait for the sweeper:
 * delivered → N+1 goes (a FAILED-because-blocked N+1 is reopened); failed → N+1 becomes FAILED (blocked) too.
 * A duplicate message is harmless: the consumer is idempotent per event id.
 */
import type { StoredCallback } from '../../domain/callback.js';
import type { CallbackContext } from './context.js';

export async function notifySuccessor(
  ctx: CallbackContext,
  cb: StoredCallback,
  outcome: { delivered: boolean },
  successorEventId?: string,
): Promise<void> {
  // The successor's note names it (a key read); otherwise it is found by its seq.
  const next = successorEventId
    ? await ctx.outbox.get({ transId: cb.transId, eventId: successorEventId, seq: cb.seq + 1 })
    : await ctx.outbox.getBySeq(cb.transId, cb.seq + 1);
  if (!next || next.delivery === 'DELIVERED') return;
  if (next.delivery === 'FAILED') {
    if (!outcome.delivered || next.blockedBySeq !== cb.seq) return;
    if (!(await ctx.outbox.reopen(next, ctx.clock.now().toISOString(), { onlyBlocked: true }))) return;
  }
  await ctx.queue.send([{ transId: next.transId, eventId: next.eventId, seq: next.seq }]);
}
