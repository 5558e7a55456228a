/**
 * SQS callbacks — delivers recorded callbacks to the merchants (partial batch responses).
 * Parse the records, call one operation, report the messages SQS must keep (retries wait in the queue).
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { deliverBatch } from '../../shared/operations/callbacks/deliver.js';
import { callbacks, parseCallbackMessage } from '../../shared/entry/composition/callbacks.js';
import { refreshClock } from '../../shared/entry/composition/core.js';
import { lambdaHandler } from '../../shared/entry/middleware/handler.js';

export const handler = lambdaHandler(
  'callback batch',
  async (event: SQSEvent): Promise<SQSBatchResponse & { done: number }> => {
    await refreshClock();
    const verdicts = await deliverBatch(
      callbacks(),
      event.Records.map((r) => ({
        messageId: r.messageId,
        receiptHandle: r.receiptHandle,
        message: parseCallbackMessage(r.body),
        receiveCount: Number(r.attributes.ApproximateReceiveCount) || 1,
        sentAt: Number(r.attributes.SentTimestamp) || Date.now(),
      })),
    );
    const batchItemFailures = [...verdicts].filter(([, v]) => v === 'keep').map(([id]) => ({ itemIdentifier: id }));
    // `done` (delivered, or a copy of a finished callback) only for the invocation's log line; Lambda reads the failures.
    return { batchItemFailures, done: verdicts.size - batchItemFailures.length };
  },
  { summary: (res) => ({ kept: res?.batchItemFailures.length, done: res?.done }) },
);
