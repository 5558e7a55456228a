/** EventBridge rate schedule: queues a charge for every subscription whose next run fell due. */
import { depsWithClock } from '../../shared/deps.js';
import { enqueueDue } from '../../shared/operations/schedules/runner.js';
import { logger } from '../../shared/logger.js';

export async function handler(): Promise<{ queued: number; lost: number }> {
  const started = performance.now();
  const { queued, lost } = await enqueueDue(await depsWithClock({ force: true }));
  logger.info('schedule runner done', { queued, lost, latencyMs: Math.round(performance.now() - started) });
  return { queued, lost };
}
