/**
 * The S2S APM routes' and timers' port tables (docs/s2s-apm.md).
 * A handler composes one of these (composition(NAME)); its bundle carries only that table's port modules:
 * shared/entry/composition/package.json declares them free of import side effects, so esbuild drops the others. No
 * table is a bare spread, which esbuild could not prove harmless: the payment cores and more are paymentPortsAnd's.
 */
import type { PortTable } from '../../shared/entry/composition/compose.js';
import { paymentPortsAnd } from '../../shared/entry/composition/tables.js';
import { config, clock, newId } from '../../shared/entry/composition/core.js';
import { apmConnectors } from '../../shared/entry/composition/apm-connectors.js';
import { callbackQueue } from '../../shared/entry/composition/callback-queue.js';
import { merchants } from '../../shared/entry/composition/merchants.js';
import { payments } from '../../shared/entry/composition/payments.js';
import { providerSecrets } from '../../shared/entry/composition/provider-secrets.js';
import { apmDeadlines } from '../../shared/entry/composition/sweepers.js';
import { walletConfigs, walletTokens } from '../../shared/entry/composition/wallets.js';

/** Every S2S APM action: the card routes' ports (a wallet SALE), the APM providers (their deadlines are armed from the table's stream). Composed by: post. */
export const S2S_APM_PORTS = /* @__PURE__ */ paymentPortsAnd({ walletConfigs, walletTokens, apmConnectors });

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
