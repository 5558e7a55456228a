/**
 * The recurring schedules' port tables (docs/schedules.md).
 * A handler composes one of these (composition(NAME)); its bundle carries only that table's port modules:
 * shared/entry/composition/package.json declares them free of import side effects, so esbuild drops the others. Each
 * table is written out in full, without spreads, which esbuild could not prove harmless.
 */
import type { PortTable } from '../../shared/entry/composition/compose.js';
import { config, clock, newId } from '../../shared/entry/composition/core.js';
import { recurringQueue } from '../../shared/entry/composition/recurring-queue.js';
import { schedules } from '../../shared/entry/composition/schedules.js';

/** A scheduled charge: the payment cores (shared/entry/composition/tables.ts). Composed by: charge. */
export { PAYMENT_PORTS } from '../../shared/entry/composition/tables.js';

/** The due runs, queued. Composed by: runner. */
export const RUNNER_PORTS = { config, clock, schedules, recurringQueue } satisfies PortTable;

/** An operator's schedule event. Composed by: ops-event. */
export const OPS_EVENT_PORTS = { config, clock, newId, schedules } satisfies PortTable;
