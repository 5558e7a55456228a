/**
 * Port tables that families of handlers compose (composition(TABLE) in the function's entry), each the union of
 * what its operations read; a handler that needs less names its own ports. test/infra/composition.test.ts checks
 * every function's table against the ports its bundled code reads. Written out in full, without spreads: esbuild
 * keeps a spread it cannot prove harmless, and with it the ports of a table no handler of the bundle uses.
 */
import type { PortTable } from './compose.js';
import { clock, config, newId } from './core.js';
import { secrets } from './secrets.js';
import { merchants } from './merchants.js';
import { payments } from './payments.js';
import { callbackQueue } from './callback-queue.js';
import { cardVault } from './card-vault.js';
import { connectors } from './connectors.js';
import { schedules } from './schedules.js';
import { walletConfigs, walletTokens } from './wallets.js';
import { apmConnectors } from './apm-connectors.js';
import { checkoutSessions } from './checkout-sessions.js';
import { risk } from './risk.js';

/**
 * A card payment's cores: reserve, ask the connector, record the outcome and its callback (SALE, CAPTURE, 3DS, …);
 * the risk counters, as a decline at a 3DS step's completion is counted (docs/risk.md).
 */
export const PAYMENT_PORTS = {
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
  risk,
} satisfies PortTable;

/** S2S CARD: the payment cores, Apple Pay / Google Pay tokens and the risk check. */
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

/** S2S APM: the card routes' ports and the APM providers (deadlines are armed from the table's stream). */
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

/** The Checkout payment page's submit: every method the page offers, on its session. */
export const CHECKOUT_PAGE_PORTS = {
  config,
  clock,
  newId,
  payments,
  merchants,
  callbackQueue,
  cardVault,
  connectors,
  schedules,
  apmConnectors,
  checkoutSessions,
  risk,
} satisfies PortTable;

/** The Checkout page opened or left (GET /auth/{token}, cancel): the session and its payment, no method's ports. */
export const CHECKOUT_PAGE_VIEW_PORTS = { config, clock, payments, merchants, checkoutSessions } satisfies PortTable;

/** The Checkout page's 3DS return: the payment cores and the APM providers' redirect step. */
export const CHECKOUT_PAGE_THREE_DS_PORTS = {
  config,
  clock,
  newId,
  payments,
  merchants,
  callbackQueue,
  cardVault,
  connectors,
  schedules,
  apmConnectors,
  checkoutSessions,
  risk,
} satisfies PortTable;
