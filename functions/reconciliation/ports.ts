/**
 * The reconciler's port tables (docs/reconciliation.md).
 * A handler composes one of these (composition(NAME)); its bundle carries only that table's port modules:
 * shared/entry/composition/package.json declares them free of import side effects, so esbuild drops the others. Each
 * table is written out in full, without spreads, which esbuild could not prove harmless.
 */
import type { PortTable } from '../../shared/entry/composition/compose.js';
import { config, clock, newId } from '../../shared/entry/composition/core.js';
import { callbackQueue } from '../../shared/entry/composition/callback-queue.js';
import { cardVault } from '../../shared/entry/composition/card-vault.js';
import { connectors } from '../../shared/entry/composition/connectors.js';
import { merchants } from '../../shared/entry/composition/merchants.js';
import { payments } from '../../shared/entry/composition/payments.js';
import { reconciliation } from '../../shared/entry/composition/reconciliation.js';
import { risk } from '../../shared/entry/composition/risk.js';
import { schedules } from '../../shared/entry/composition/schedules.js';
import { secrets } from '../../shared/entry/composition/secrets.js';

/** The payment cores and the reconciler's context: inquiries, final answers, their callbacks. Composed by: run. */
export const RECONCILER_PORTS = {
  config,
  clock,
  newId,
  payments,
  merchants,
  secrets,
  callbackQueue,
  cardVault,
  connectors,
  schedules,
  risk,
  reconciliation,
} satisfies PortTable;
