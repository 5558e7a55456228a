/**
 * One batch of the recurring-charges queue: each run is charged on its own (charge-run.ts), so a failed message
 * stays in the queue and comes back while the others complete; the run is charged once however often it arrives.
 */
import type { Deps } from '../deps.js';
import type { RecurringChargeMessage } from '../../ports/schedules.js';
import { logger } from '../../lib/logger.js';
import { chargeRun } from './charge-run.js';

export interface QueuedRun {
  messageId: string;
  body: string;
}

/** The message ids the queue must keep (a malformed message among them: it goes to the DLQ after its retries). */
export async function chargeRunBatch(
  d: Pick<
    Deps,
    'payments' | 'merchants' | 'callbackQueue' | 'clock' | 'newId' | 'cardVault' | 'schedules' | 'connectors' | 'risk' | 'config'
  >,
  runs: QueuedRun[],
  read: (body: string) => RecurringChargeMessage,
): Promise<string[]> {
  const failed: string[] = [];
  for (const { messageId, body } of runs) {
    try {
      const outcome = await chargeRun(d, read(body));
      logger.info('scheduled run', { messageId, outcome });
    } catch (err) {
      logger.error('scheduled run failed', { messageId, error: (err as Error).message });
      failed.push(messageId);
    }
  }
  return failed;
}
