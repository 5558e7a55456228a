/** Every 5 min — gives undetermined transactions (acquirer never answered) their final outcome. */
import { reconcile } from '../../shared/operations/reconciliation/reconcile.js';
import { composition } from '../../shared/entry/composition/compose.js';
import { RECONCILER_PORTS } from './ports.js';
import { withFreshClock } from '../../shared/entry/composition/fresh-clock.js';
import { lambdaHandler } from '../../shared/entry/middleware/handler.js';

const ports = composition(RECONCILER_PORTS);

export const handler = lambdaHandler(
  'reconciliation run',
  async () => reconcile((await withFreshClock(ports(), { force: true })).reconciliation),
  { summary: (report) => ({ ...report }) },
);
