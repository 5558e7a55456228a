/**
 * The S2S CARD routes' port tables (docs/s2s-card.md).
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
import { risk } from '../../shared/entry/composition/risk.js';
import { schedules } from '../../shared/entry/composition/schedules.js';
import { secrets } from '../../shared/entry/composition/secrets.js';
import { walletConfigs, walletTokens } from '../../shared/entry/composition/wallets.js';

/** Every S2S CARD action: the payment cores, Apple Pay / Google Pay tokens and the risk check. Composed by: post, post-v2. */
export const S2S_CARD_PORTS = {
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
  walletConfigs,
  walletTokens,
  risk,
} satisfies PortTable;
