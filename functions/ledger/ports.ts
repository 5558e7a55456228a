/**
 * The ledger's port tables (docs/ledger.md); its journals and settlements are the feature's contexts (shared/entry/composition/ledger.ts).
 * A handler composes one of these (composition(NAME)); its bundle carries only that table's port modules:
 * shared/entry/composition/package.json declares them free of import side effects, so esbuild drops the others. Each
 * table is written out in full, without spreads, which esbuild could not prove harmless.
 */
import type { PortTable } from '../../shared/entry/composition/compose.js';
import { config, clock } from '../../shared/entry/composition/core.js';
import { merchants } from '../../shared/entry/composition/merchants.js';

/** Each merchant's yesterday, on its own clock. Composed by: settle. */
export const SETTLE_PORTS = { config, clock, merchants } satisfies PortTable;
