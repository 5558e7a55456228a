/** Every 1 min — queues a charge for every subscription whose next run fell due. */
import { composition } from '../../shared/entry/composition/compose.js';
import { RUNNER_PORTS } from './ports.js';
import { withFreshClock } from '../../shared/entry/composition/fresh-clock.js';
import { enqueueDue } from '../../shared/operations/schedules/runner.js';
import { lambdaHandler } from '../../shared/entry/middleware/handler.js';

const ports = composition(RUNNER_PORTS);

export const handler = lambdaHandler(
  'schedule runner',
  async () => {
    // The queued runs name recurring tokens: only the counts leave the function.
    const { queued, lost } = await enqueueDue(await withFreshClock(ports(), { force: true }));
    return { queued, lost };
  },
  { summary: (report) => ({ ...report }) },
);
