/**
 * Every 1 min — re-queues callbacks recorded in the outbox that no consumer has taken care of, e.g. because
 * the process died between the DynamoDB write and the SQS send.
 */
import { sweepOutbox } from '../../shared/operations/callbacks/sweep.js';
import { callbacks } from '../../shared/entry/composition/callbacks.js';
import { refreshClock } from '../../shared/entry/composition/core.js';
import { lambdaHandler } from '../../shared/entry/middleware/handler.js';

export const handler = lambdaHandler(
  'outbox sweep',
  async () => {
    await refreshClock({ force: true });
    return sweepOutbox(callbacks());
  },
  { summary: (report) => ({ ...report }) },
);
