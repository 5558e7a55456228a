/**
 * The S2S APM routes' and timers' port tables (docs/s2s-apm.md).
 * A handler composes one of these (composition(NAME)); its bundle carries only that table's port modules:
 * shared/composition/package.json declares them free of import side effects, so esbuild drops the others. Each
 * table is written out in full, without spreads, which esbuild could not prove harmless.
 */
import type { PortTable } from '../../shared/composition/compose.js';
import { config, clock, newId } from '../../shared/composition/core.js';
import { apmConnectors } from '../../shared/composition/apm-connectors.js';
import { callbackQueue } from '../../shared/composition/callback-queue.js';
import { cardVault } from '../../shared/composition/card-vault.js';
import { connectors } from '../../shared/composition/connectors.js';
import { merchants } from '../../shared/composition/merchants.js';
import { payments } from '../../shared/composition/payments.js';
import { providerSecrets } from '../../shared/composition/provider-secrets.js';
import { risk } from '../../shared/composition/risk.js';
import { schedules } from '../../shared/composition/schedules.js';
import { secrets } from '../../shared/composition/secrets.js';
import { apmDeadlines } from '../../shared/composition/sweepers.js';
import { walletConfigs, walletTokens } from '../../shared/composition/wallets.js';

/** Every S2S APM action: the card routes' ports (a wallet SALE), the APM providers (their deadlines are armed from the table's stream). Composed by: post. */
export const S2S_APM_PORTS = {
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
  apmConnectors,
  risk,
} satisfies PortTable;

/** The sandbox method's page and the payer's decision. Composed by: method-page. */
export const METHOD_PAGE_PORTS = {
  config,
  clock,
  newId,
  payments,
  merchants,
  callbackQueue,
  apmConnectors,
  providerSecrets,
} satisfies PortTable;

/** A payment declined when its deadline passed, with its callback. Composed by: deadline-due. */
export const DEADLINE_PORTS = { config, clock, newId, payments, merchants, callbackQueue } satisfies PortTable;

/** The payments whose deadline passed, found and declined. Composed by: deadlines. */
export const DEADLINES_SWEEP_PORTS = { config, clock, newId, payments, merchants, callbackQueue, apmDeadlines } satisfies PortTable;
