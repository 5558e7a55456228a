/** EventBridge rate schedule: queues a charge for every subscription whose next run fell due. */
import { deps } from '../../shared/deps.js';
import { enqueueDue } from '../../shared/operations/schedules/runner.js';
import { logger } from '../../shared/logger.js';

export async function handler(): Promise<{ queued: number; lost: number }> {
  const started = performance.now();
  const result = await enqueueDue(deps());
  logger.info('schedule runner done', { ...result, latencyMs: Math.round(performance.now() - started) });
  return result;
}
