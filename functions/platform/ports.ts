/**
 * The platform routes' port tables.
 * A handler composes one of these (composition(NAME)); its bundle carries only that table's port modules:
 * shared/entry/composition/package.json declares them free of import side effects, so esbuild drops the others. Each
 * table is written out in full, without spreads, which esbuild could not prove harmless.
 */
import type { PortTable } from '../../shared/entry/composition/compose.js';
import { config } from '../../shared/entry/composition/core.js';
import { tableHealth } from '../../shared/entry/composition/sweepers.js';

/** Whether the table answers. Composed by: health. */
export const HEALTH_PORTS = { config, tableHealth } satisfies PortTable;
