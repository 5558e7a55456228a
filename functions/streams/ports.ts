/**
 * The payment changes' consumer's port table; its journals, counters and deadline timers are the features' contexts
 * (shared/entry/composition/ledger.ts, console.ts, deadline-timers.ts). A handler composes one of these (composition(NAME));
 * its bundle carries only that table's port modules.
 */
import type { PortTable } from '../../shared/entry/composition/compose.js';
import { config } from '../../shared/entry/composition/core.js';

/** The console's context (its counters), with no payment port. Composed by: payment-changes. */
export const PAYMENT_CHANGES_PORTS = { config } satisfies PortTable;
