/** Every 5 min — declines APM payments whose QR or bank-transfer window passed unpaid. */
import { composition } from '../../shared/entry/composition/compose.js';
import { DEADLINES_SWEEP_PORTS } from './ports.js';
import { sweepDeadlines } from '../../shared/operations/providers/deadlines.js';
import { lambdaHandler } from '../../shared/entry/middleware/handler.js';

const ports = composition(DEADLINES_SWEEP_PORTS);

export const handler = lambdaHandler(
  'apm deadlines',
  async () => {
    const d = ports();
    return sweepDeadlines(d, (now) => d.apmDeadlines.dueBefore(now));
  },
  { summary: (report) => ({ ...report }) },
);
