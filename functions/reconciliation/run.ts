/** EventBridge rate schedule: gives undetermined transactions (acquirer never answered) their final outcome. */
import { reconcile } from '../../shared/operations/reconciliation/reconcile.js';
import { composition } from '../../shared/composition/compose.js';
import { withFreshClock } from '../../shared/composition/fresh-clock.js';
import { PAYMENT_PORTS } from '../../shared/composition/tables.js';
import { reconciliation } from '../../shared/composition/reconciliation.js';
import { lambdaHandler } from '../../shared/middleware/handler.js';

const ports = composition({ ...PAYMENT_PORTS, reconciliation });

export const handler = lambdaHandler(
  'reconciliation run',
  async () => reconcile((await withFreshClock(ports(), { force: true })).reconciliation),
  { summary: (report) => ({ ...report }) },
);
