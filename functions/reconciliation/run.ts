/** EventBridge rate schedule: gives undetermined transactions (acquirer never answered) their final outcome. */
import { reconcile } from '../../shared/operations/reconciliation/reconcile.js';
import { depsWithClock } from '../../shared/deps.js';
import { lambdaHandler } from '../../shared/middleware/handler.js';

export const handler = lambdaHandler('reconciliation run', async () => reconcile((await depsWithClock({ force: true })).reconciliation), { summary: (report) => ({ ...report }) });
