/**
 * SQS callbacks (and the outbox consumer's direct handoff) — delivers recorded callbacks to the merchants. Two feeds
 * (docs/callbacks.md):
 * - the SQS queue (partial batch responses): retries wait in the queue. A message may also be Lambda's on-failure
 *   record of a direct event: its callbacks are delivered as direct ones.
 * - directly by the outbox consumer (Lambda's asynchronous invoke, `{ handoff: 'callbacks', callbacks }`): the first
 *   attempt; what must wait goes to the queue. A throw makes Lambda retry the event, then queue it (destination).
 */
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { CallbackMessage } from '../../shared/domain/callback.js';
import { deliverBatch, directMessage, type ReceivedMessage } from '../../shared/operations/callbacks/deliver.js';
import {
  callbacks,
  callbackStepsBefore,
  parseCallbackDestinationRecord,
  parseCallbackMessage,
  parseDirectCallbacks,
} from '../../shared/entry/composition/callbacks.js';
import { refreshClock } from '../../shared/entry/composition/core.js';
import { lambdaHandler } from '../../shared/entry/middleware/handler.js';

type Result = SQSBatchResponse & { done: number };

export const handler = lambdaHandler(
  'callback batch',
  async (event: SQSEvent | unknown): Promise<Result> => {
    await refreshClock();
    const direct = parseDirectCallbacks(event);
    return direct ? deliverDirect(direct) : deliverQueued(event as SQSEvent);
  },
  { summary: (res) => ({ kept: res?.batchItemFailures.length, done: res?.done }) },
);

async function deliverQueued(event: SQSEvent): Promise<Result> {
  const received: ReceivedMessage[] = [];
  // A destination record's callbacks, under the record's own id: the record is done when each of them is.
  const recordOf = new Map<string, string>();
  for (const r of event.Records) {
    const carried = parseCallbackDestinationRecord(r.body);
    if (!carried) {
      received.push(fromQueue(r));
      continue;
    }
    carried.forEach((m, n) => {
      const d = { ...directMessage(m, n, Date.now()), messageId: `${r.messageId}#${n}` };
      recordOf.set(d.messageId, r.messageId);
      received.push(d);
    });
  }
  const verdicts = await deliverBatch(callbacks(), received);
  const kept = new Set<string>();
  for (const [id, v] of verdicts) if (v === 'keep') kept.add(recordOf.get(id) ?? id);
  const batchItemFailures = [...kept].map((id) => ({ itemIdentifier: id }));
  // `done` (delivered, or a copy of a finished callback) only for the invocation's log line; Lambda reads the failures.
  return { batchItemFailures, done: event.Records.length - batchItemFailures.length };
}

function fromQueue(r: SQSRecord): ReceivedMessage {
  return {
    messageId: r.messageId,
    receiptHandle: r.receiptHandle,
    message: parseCallbackMessage(r.body),
    receiveCount: Number(r.attributes.ApproximateReceiveCount) || 1,
    sentAt: Number(r.attributes.SentTimestamp) || Date.now(),
    stepsBefore: callbackStepsBefore(r.body),
  };
}

async function deliverDirect(messages: CallbackMessage[]): Promise<Result> {
  const now = Date.now();
  const verdicts = await deliverBatch(
    callbacks(),
    messages.map((m, n) => directMessage(m, n, now)),
  );
  const kept = [...verdicts.values()].filter((v) => v === 'keep').length;
  // Nothing took these (not delivered, not queued): Lambda retries the event, then hands it to the queue.
  if (kept > 0) throw new Error(`${kept} direct callback(s) neither delivered nor queued`);
  return { batchItemFailures: [], done: verdicts.size };
}
