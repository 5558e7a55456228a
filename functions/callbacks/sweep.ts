/**
 * EventBridge schedule: queues callbacks that were recorded (outbox) but never reached a consumer, e.g. because the
 * process died between the DynamoDB write and the SQS send.
 */
import { deps } from '../../shared/deps.js';
import { DynamoCallbackOutbox } from '../../shared/adapters/dynamo-callback-outbox.js';
import { logger } from '../../shared/logger.js';

/** Younger callbacks are probably still on their way to the queue. */
const GRACE_MS = 30_000;

export async function handler(): Promise<{ requeued: number }> {
  const d = deps();
  const outbox = new DynamoCallbackOutbox(d.config.TABLE_NAME);
  const cutoff = new Date(d.clock.now().getTime() - GRACE_MS).toISOString();
  const pending = await outbox.unqueued(cutoff);
  if (pending.length) await d.callbackQueue.enqueue(pending);
  logger.info('outbox sweep', { requeued: pending.length });
  return { requeued: pending.length };
}
