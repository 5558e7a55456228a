/**
 * The reconciler's port tables (docs/reconciliation.md).
 * A handler composes one of these (composition(NAME)); its bundle carries only that table's port modules:
 * shared/composition/package.json declares them free of import side effects, so esbuild drops the others. Each
 * table is written out in full, without spreads, which esbuild could not prove harmless.
 */
import type { PortTable } from '../../shared/composition/compose.js';
import { config, clock, newId } from '../../shared/composition/core.js';
import { callbackQueue } from '../../shared/composition/callback-queue.js';
import { cardVault } from '../../shared/composition/card-vault.js';
import { connectors } from '../../shared/composition/connectors.js';
import { merchants } from '../../shared/composition/merchants.js';
import { payments } from '../../shared/composition/payments.js';
import { reconciliation } from '../../shared/composition/reconciliation.js';
import { risk } from '../../shared/composition/risk.js';
import { schedules } from '../../shared/composition/schedules.js';
import { secrets } from '../../shared/composition/secrets.js';

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
