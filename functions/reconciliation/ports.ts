/**
 * The reconciler's port tables (docs/reconciliation.md).
 * A handler composes one of these (composition(NAME)); its bundle carries only that table's port modules:
 * shared/entry/composition/package.json declares them free of import side effects, so esbuild drops the others. No
 * table is a bare spread, which esbuild could not prove harmless: the payment cores and more are paymentPortsAnd's.
 */
import { paymentPortsAnd } from '../../shared/entry/composition/tables.js';
import { reconciliation } from '../../shared/entry/composition/reconciliation.js';

/** The payment cores and the reconciler's context: inquiries, final answers, their callbacks. Composed by: run. */
export const RECONCILER_PORTS = /* @__PURE__ */ paymentPortsAnd({ reconciliation });
