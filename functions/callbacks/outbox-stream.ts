/**
 * Table stream: callback INSERT — hands each recorded callback (an outbox item) to its delivery: the delivery
 * function directly (Lambda's asynchronous invoke), or the callback queue when that is off or refused.
 * The event-source filter passes only callback INSERTs; the check here keeps it right locally and if the filter changes.
 */
import type { DynamoDBStreamEvent } from 'aws-lambda';
import type { CallbackMessage } from '../../shared/domain/callback.js';
import { callbacks } from '../../shared/entry/composition/callbacks.js';
import { forwardToDelivery } from '../../shared/operations/callbacks/forward.js';
import { lambdaHandler } from '../../shared/entry/middleware/handler.js';

export const handler = lambdaHandler(
  'outbox stream',
  async (event: DynamoDBStreamEvent): Promise<{ handedOver: number; queued: number }> => {
    const messages: CallbackMessage[] = [];
    for (const r of event.Records) {
      const img = r.dynamodb?.NewImage;
      if (r.eventName !== 'INSERT' || img?.kind?.S !== 'callback') continue;
      const transId = img.transId?.S;
      const eventId = img.eventId?.S;
      const seq = Number(img.seq?.N);
      if (transId && eventId && seq > 0) messages.push({ transId, eventId, seq });
    }
    // A throw fails the batch: Lambda retries it (and the sweeper covers what never arrives).
    const cx = callbacks();
    return forwardToDelivery(cx.handoff, cx.queue, messages, cx.crashPoint);
  },
);
