/** EventBridge rate schedule: gives undetermined transactions (acquirer never answered) their final outcome. */
import { reconcile, type ReconcileReport } from '../../shared/operations/reconciliation/reconcile.js';
import { logger } from '../../shared/logger.js';
import { depsWithClock, reconciliationDeps } from '../../shared/deps.js';

export async function handler(): Promise<ReconcileReport> {
  const started = performance.now();
  await depsWithClock({ force: true });
  const report = await reconcile(reconciliationDeps());
  logger.info('reconciliation run', { ...report, latencyMs: Math.round(performance.now() - started) });
  return report;
}
