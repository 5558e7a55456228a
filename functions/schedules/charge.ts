/**
 * SQS recurringCharges — one scheduled run per message (partial batch responses), each charged once however often it
 * arrives (shared/operations/schedules/charge-batch.ts).
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { composition } from '../../shared/entry/composition/compose.js';
import { PAYMENT_PORTS } from './ports.js';
import { withFreshClock } from '../../shared/entry/composition/fresh-clock.js';
import { parseRecurringCharge } from '../../shared/entry/composition/recurring-queue.js';
import { chargeRunBatch } from '../../shared/operations/schedules/charge-batch.js';
import { lambdaHandler } from '../../shared/entry/middleware/handler.js';

const ports = composition(PAYMENT_PORTS);

export const handler = lambdaHandler(
  'recurring charge batch',
  async (event: SQSEvent): Promise<SQSBatchResponse> => {
    // A run queued right after the test clock moved is checked against that time, not a cached older one.
    const d = await withFreshClock(ports(), { force: true });
    const failed = await chargeRunBatch(d, event.Records, parseRecurringCharge);
    return { batchItemFailures: failed.map((itemIdentifier) => ({ itemIdentifier })) };
  },
  { summary: (res) => ({ failed: res?.batchItemFailures.length }) },
);
