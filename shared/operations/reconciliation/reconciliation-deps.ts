/** Builds the reconciler's context on top of the composition root (deps()); follows deps() when it is rebuilt. */
import { deps } from '../../deps.js';
import { DynamoUndeterminedPayments } from '../../adapters/dynamo-undetermined-payments.js';
import type { ReconcileContext } from './reconcile.js';

const BATCH_SIZE = 50;

let current: { base: ReturnType<typeof deps>; ctx: ReconcileContext } | undefined;

export function reconciliationDeps(): ReconcileContext {
  const base = deps();
  if (current?.base === base) return current.ctx;
  const ctx: ReconcileContext = {
    deps: base,
    undetermined: new DynamoUndeterminedPayments(base.config.TABLE_NAME),
    graceSeconds: base.config.RECONCILE_GRACE_SECONDS,
    giveUpSeconds: base.config.RECONCILE_GIVE_UP_SECONDS,
    batchSize: BATCH_SIZE,
  };
  current = { base, ctx };
  return ctx;
}
