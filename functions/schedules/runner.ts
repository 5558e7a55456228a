/** EventBridge rate schedule: queues a charge for every subscription whose next run fell due. */
import { composition } from '../../shared/composition/compose.js';
import { withFreshClock } from '../../shared/composition/fresh-clock.js';
import { clock, config } from '../../shared/composition/core.js';
import { schedules } from '../../shared/composition/schedules.js';
import { recurringQueue } from '../../shared/composition/recurring-queue.js';
import { enqueueDue } from '../../shared/operations/schedules/runner.js';
import { lambdaHandler } from '../../shared/middleware/handler.js';

const ports = composition({ config, clock, schedules, recurringQueue });

export const handler = lambdaHandler(
  'schedule runner',
  async () => {
    // The queued runs name recurring tokens: only the counts leave the function.
    const { queued, lost } = await enqueueDue(await withFreshClock(ports(), { force: true }));
    return { queued, lost };
  },
  { summary: (report) => ({ ...report }) },
);
