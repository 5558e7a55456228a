/**
 * SQS consumer (partial batch responses): delivers recorded callbacks to the merchants.
 * Parse the records, call one operation, report the messages SQS must keep (retries wait in the queue).
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { deliverBatch, type ReceivedMessage } from '../../shared/operations/callbacks/deliver.js';
import { logger } from '../../shared/logger.js';
import { depsWithClock, callbackDeps, queueMessages } from '../../shared/deps.js';

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const started = performance.now();
  const batch: ReceivedMessage[] = event.Records.map((r) => ({
    messageId: r.messageId,
    receiptHandle: r.receiptHandle,
    message: queueMessages.callback(r.body),
    receiveCount: Number(r.attributes.ApproximateReceiveCount) || 1,
    sentAt: Number(r.attributes.SentTimestamp) || Date.now(),
  }));
  await depsWithClock();
  const verdicts = await deliverBatch(callbackDeps(), batch);
  const batchItemFailures = [...verdicts].filter(([, v]) => v === 'keep').map(([id]) => ({ itemIdentifier: id }));
  logger.info('callback batch', { messages: batch.length, kept: batchItemFailures.length, latencyMs: Math.round(performance.now() - started) });
  return { batchItemFailures };
}
