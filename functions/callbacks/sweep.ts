/**
 * EventBridge schedule: re-queues callbacks recorded in the outbox that no consumer has taken care of, e.g. because
 * the process died between the DynamoDB write and the SQS send.
 */
import { sweepOutbox } from '../../shared/operations/callbacks/sweep.js';
import { logger } from '../../shared/logger.js';
import { depsWithClock, callbackDeps } from '../../shared/deps.js';

export async function handler(): Promise<{ requeued: number }> {
  const started = performance.now();
  await depsWithClock({ force: true });
  const result = await sweepOutbox(callbackDeps());
  logger.info('outbox sweep', { ...result, latencyMs: Math.round(performance.now() - started) });
  return result;
}
