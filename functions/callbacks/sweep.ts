/**
 * EventBridge schedule: re-queues callbacks recorded in the outbox that no consumer has taken care of, e.g. because
 * the process died between the DynamoDB write and the SQS send.
 */
import { sweepOutbox } from '../../shared/operations/callbacks/sweep.js';
import { depsWithClock } from '../../shared/deps.js';
import { lambdaHandler } from '../../shared/middleware/handler.js';

export const handler = lambdaHandler('outbox sweep', async () => sweepOutbox((await depsWithClock({ force: true })).callbacks), { summary: (report) => ({ ...report }) });
