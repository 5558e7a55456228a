/**
 * Outbox → queue: the callbacks a payment's transaction recorded, read from the table's stream, become SQS messages
 * (pointers only). Off the request path; a record lost here is re-queued by the outbox sweeper after its grace.
 */
import type { CallbackMessage } from '../../domain/callback.js';
import type { CallbackQueueControl } from '../../ports/callbacks.js';

export async function forwardToQueue(
  queue: Pick<CallbackQueueControl, 'send'>,
  messages: CallbackMessage[],
  crashPoint: (step: 'after-send') => void,
): Promise<void> {
  if (messages.length === 0) return;
  await queue.send(messages);
  crashPoint('after-send');
}
