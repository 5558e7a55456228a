/** EventBridge rate schedule (every minute): declines APM payments whose QR or bank-transfer window passed unpaid. */
import { composition } from '../../shared/composition/compose.js';
import { clock, config, newId } from '../../shared/composition/core.js';
import { payments } from '../../shared/composition/payments.js';
import { merchants } from '../../shared/composition/merchants.js';
import { callbackQueue } from '../../shared/composition/callback-queue.js';
import { apmDeadlines } from '../../shared/composition/sweepers.js';
import { sweepDeadlines } from '../../shared/operations/providers/deadlines.js';
import { lambdaHandler } from '../../shared/middleware/handler.js';

const ports = composition({ config, clock, newId, payments, merchants, callbackQueue, apmDeadlines });

export const handler = lambdaHandler(
  'apm deadlines',
  async () => {
    const d = ports();
    return sweepDeadlines(d, (now) => d.apmDeadlines.dueBefore(now));
  },
  { summary: (report) => ({ ...report }) },
);
