/**
 * Outbox → delivery: the callbacks a payment's transaction recorded, read from the table's stream, are handed to the
 * delivery function for their first attempt (Lambda's asynchronous invoke: no SQS request at all), or become SQS
 * messages (pointers only) when no handoff is configured or it refused them. Off the request path; a record lost
 * here is re-queued by the outbox sweeper after its grace.
 */
import type { CallbackMessage } from '../../domain/callback.js';
import type { CallbackQueueControl, DeliveryHandoff } from '../../ports/callbacks.js';

export async function forwardToDelivery(
  handoff: DeliveryHandoff | undefined,
  queue: Pick<CallbackQueueControl, 'send'>,
  messages: CallbackMessage[],
  crashPoint: (step: 'after-send' | 'after-invoke') => void,
): Promise<{ handedOver: number; queued: number }> {
  if (messages.length === 0) return { handedOver: 0, queued: 0 };
  const refused = handoff ? await handoff.handOver(messages) : messages;
  if (refused.length < messages.length) crashPoint('after-invoke');
  if (refused.length > 0) {
    await queue.send(refused);
    crashPoint('after-send');
  }
  return { handedOver: messages.length - refused.length, queued: refused.length };
}
