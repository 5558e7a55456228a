/**
 * SQS consumer of the recurring-charges queue (partial batch responses): one scheduled run per message. A failed
 * message stays in the queue and comes back; the run is charged once however often it arrives.
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { depsWithClock, queueMessages } from '../../shared/deps.js';
import { chargeRun } from '../../shared/operations/schedules/charge-run.js';
import { logger } from '../../shared/logger.js';
import { lambdaHandler } from '../../shared/middleware/handler.js';

export const handler = lambdaHandler(
  'recurring charge batch',
  async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const failures: SQSBatchResponse['batchItemFailures'] = [];
    // A run queued right after the test clock moved is checked against that time, not a cached older one.
    const d = await depsWithClock({ force: true });
    for (const record of event.Records) {
      try {
        const outcome = await chargeRun(d, queueMessages.recurringCharge(record.body));
        logger.info('scheduled run', { messageId: record.messageId, outcome });
      } catch (err) {
        logger.error('scheduled run failed', { messageId: record.messageId, error: (err as Error).message });
        failures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures: failures };
  },
  { summary: (res) => ({ failed: res?.batchItemFailures.length }) },
);
