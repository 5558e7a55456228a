/**
 * The S2S CARD routes' port tables (docs/s2s-card.md).
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
import { risk } from '../../shared/composition/risk.js';
import { schedules } from '../../shared/composition/schedules.js';
import { secrets } from '../../shared/composition/secrets.js';
import { walletConfigs, walletTokens } from '../../shared/composition/wallets.js';

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
