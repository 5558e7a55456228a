/**
 * The S2S CARD routes' port tables (docs/s2s-card.md).
 * A handler composes one of these (composition(NAME)); its bundle carries only that table's port modules:
 * shared/entry/composition/package.json declares them free of import side effects, so esbuild drops the others. No
 * table is a bare spread, which esbuild could not prove harmless: the payment cores and more are paymentPortsAnd's.
 */
import { paymentPortsAnd } from '../../shared/entry/composition/tables.js';
import { walletConfigs, walletTokens } from '../../shared/entry/composition/wallets.js';

/** Every S2S CARD action: the payment cores, Apple Pay / Google Pay tokens and the risk check. Composed by: post, post-v2. */
export const S2S_CARD_PORTS = /* @__PURE__ */ paymentPortsAnd({ walletConfigs, walletTokens });
