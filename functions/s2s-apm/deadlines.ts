/** EventBridge rate schedule (every minute): declines APM payments whose QR or bank-transfer window passed unpaid. */
import { deps } from '../../shared/deps.js';
import { sweepDeadlines } from '../../shared/operations/providers/deadlines.js';
import { lambdaHandler } from '../../shared/middleware/handler.js';

export const handler = lambdaHandler(
  'apm deadlines',
  async () => {
    const d = deps();
    return sweepDeadlines(d, (now) => d.apmDeadlines.dueBefore(now));
  },
  { summary: (report) => ({ ...report }) },
);
