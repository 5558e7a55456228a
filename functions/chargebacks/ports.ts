/**
 * The chargebacks' port tables (docs/chargebacks.md).
 * A handler composes one of these (composition(NAME)); its bundle carries only that table's port modules:
 * shared/entry/composition/package.json declares them free of import side effects, so esbuild drops the others. Each
 * table is written out in full, without spreads, which esbuild could not prove harmless.
 */
import type { PortTable } from '../../shared/entry/composition/compose.js';
import { config, clock, newId } from '../../shared/entry/composition/core.js';
import { callbackQueue } from '../../shared/entry/composition/callback-queue.js';
import { chargebacks } from '../../shared/entry/composition/chargebacks.js';
import { merchants } from '../../shared/entry/composition/merchants.js';
import { payments } from '../../shared/entry/composition/payments.js';

/** A chargeback recorded on its payment, with its callback. Composed by: ops-event. */
export const CHARGEBACK_PORTS = { config, clock, newId, payments, merchants, callbackQueue, chargebacks } satisfies PortTable;
