/**
 * SQS consumer of the recurring-charges queue (partial batch responses): one scheduled run per message, each charged
 * once however often it arrives (shared/operations/schedules/charge-batch.ts).
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { depsWithClock, queueMessages } from '../../shared/deps.js';
import { chargeRunBatch } from '../../shared/operations/schedules/charge-batch.js';
import { lambdaHandler } from '../../shared/middleware/handler.js';

export const handler = lambdaHandler(
  'recurring charge batch',
  async (event: SQSEvent): Promise<SQSBatchResponse> => {
    // A run queued right after the test clock moved is checked against that time, not a cached older one.
    const d = await depsWithClock({ force: true });
    const failed = await chargeRunBatch(d, event.Records, queueMessages.recurringCharge);
    return { batchItemFailures: failed.map((itemIdentifier) => ({ itemIdentifier })) };
  },
  { summary: (res) => ({ failed: res?.batchItemFailures.length }) },
);
