/**
 * The platform's 3DS / redirect page's port tables (docs/s2s-card.md).
 * A handler composes one of these (composition(NAME)); its bundle carries only that table's port modules:
 * shared/entry/composition/package.json declares them free of import side effects, so esbuild drops the others. Each
 * table is written out in full, without spreads, which esbuild could not prove harmless.
 */

/** The page and its completion: the payment cores (shared/entry/composition/tables.ts). Composed by: page, complete. */
export { PAYMENT_PORTS } from '../../shared/entry/composition/tables.js';
