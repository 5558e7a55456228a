/** EventBridge rate schedule: queues a charge for every subscription whose next run fell due. */
import { depsWithClock } from '../../shared/deps.js';
import { enqueueDue } from '../../shared/operations/schedules/runner.js';
import { lambdaHandler } from '../../shared/middleware/handler.js';

export const handler = lambdaHandler(
  'schedule runner',
  async () => {
    // The queued runs name recurring tokens: only the counts leave the function.
    const { queued, lost } = await enqueueDue(await depsWithClock({ force: true }));
    return { queued, lost };
  },
  { summary: (report) => ({ ...report }) },
);
