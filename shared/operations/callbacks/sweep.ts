/**
 * The outbox sweeper (EventBridge schedule): re-queues callbacks whose sweep time has passed — recorded but never
 * picked up (the process died between the DynamoDB write and the SQS send), HELD ones due for a re-check, and ones
 * whose consumer died mid-POST (lease over). Sending twice is safe: the consumer is idempotent per event id.
 */
import type { CallbackMessage } from '../../domain/callback.js';
import type { CallbackContext } from './context.js';

const MAX_PER_RUN = 1000;
/** A re-sent item is looked at again after this long if no consumer touched it (queue backlog, lost message). */
const RESWEEP_SECONDS = 60;

export async function sweepOutbox(ctx: CallbackContext): Promise<{ requeued: number }> {
  const now = ctx.clock.now();
  const cutoff = new Date(now.getTime() - ctx.sweepGraceSeconds * 1000).toISOString();
  const due = (await ctx.outbox.due(cutoff, MAX_PER_RUN)).filter((c) => c.delivery === 'PENDING' || c.delivery === 'HELD');
  if (due.length === 0) return { requeued: 0 };
  const messages: CallbackMessage[] = due.map((c) => ({ transId: c.transId, eventId: c.eventId, seq: c.seq }));
  await ctx.queue.send(messages);
  const next = new Date(now.getTime() + Math.max(RESWEEP_SECONDS, ctx.sweepGraceSeconds) * 1000).toISOString();
  await Promise.all(due.map((c) => ctx.outbox.postponeSweep(c, next)));
  return { requeued: due.length };
}
