/** The reconciler of transactions the acquirer never answered (docs/reconciliation.md), on the function's ports. */
import { DynamoUndeterminedPayments } from '../../adapters/aws/dynamo-undetermined-payments.js';
import type { ReconcileContext, ReconcileDeps } from '../../operations/reconciliation/reconcile.js';
import type { Config } from '../../lib/config.js';
import { config } from './core.js';

/** Payments the reconciler looks at per run (the next run continues). */
const RECONCILE_BATCH_SIZE = 50;
/** A merchant's payments walked per run for reservations left without an outcome (keys and reads only). */
const RECONCILE_WALK_SIZE = 20_000;

const built = new WeakMap<ReconcileDeps, { config: Config; cx: ReconcileContext }>();

/** One context per composition, built again when the ports are (resetDeps: a restarted local platform's table). */
export function reconciliation(d: ReconcileDeps): ReconcileContext {
  const c = config();
  const known = built.get(d);
  if (known?.config === c) return known.cx;
  const cx: ReconcileContext = {
    deps: d,
    undetermined: new DynamoUndeterminedPayments(c.TABLE_NAME),
    graceSeconds: c.RECONCILE_GRACE_SECONDS,
    giveUpSeconds: c.RECONCILE_GIVE_UP_SECONDS,
    batchSize: RECONCILE_BATCH_SIZE,
    walkSize: RECONCILE_WALK_SIZE,
  };
  built.set(d, { config: c, cx });
  return cx;
}
