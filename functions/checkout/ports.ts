/**
 * The Checkout routes' port tables (docs/checkout.md): the merchant's JSON operations and the payer's page.
 * A handler composes one of these (composition(NAME)); its bundle carries only that table's port modules:
 * shared/entry/composition/package.json declares them free of import side effects, so esbuild drops the others. Each
 * table is written out in full, without spreads, which esbuild could not prove harmless.
 */
import type { PortTable } from '../../shared/entry/composition/compose.js';
import { config, clock, newId } from '../../shared/entry/composition/core.js';
import { apmConnectors } from '../../shared/entry/composition/apm-connectors.js';
import { callbackQueue } from '../../shared/entry/composition/callback-queue.js';
import { cardVault } from '../../shared/entry/composition/card-vault.js';
import { checkoutSessions } from '../../shared/entry/composition/checkout-sessions.js';
import { connectors } from '../../shared/entry/composition/connectors.js';
import { merchants } from '../../shared/entry/composition/merchants.js';
import { payments } from '../../shared/entry/composition/payments.js';
import { risk } from '../../shared/entry/composition/risk.js';
import { schedules } from '../../shared/entry/composition/schedules.js';

/**
 * Refund, void, capture, recurring, retry: the payment cores (shared/entry/composition/tables.ts). Composed by: capture, recurring, refund,
 * retry, void.
 */
export { PAYMENT_PORTS } from '../../shared/entry/composition/tables.js';

/** A new session: its payment, the saved cards it shows masked, a recurring plan, the methods its brands offer. Composed by: session. */
export const SESSION_PORTS = {
  config,
  clock,
  newId,
  payments,
  merchants,
  cardVault,
  checkoutSessions,
  schedules,
  apmConnectors,
} satisfies PortTable;

/** A payout to a card_token: its session and payment. Composed by: card-credit. */
export const CARD_CREDIT_PORTS = { config, clock, newId, payments, merchants, cardVault, checkoutSessions } satisfies PortTable;

/** A payment's status, for its merchant. Composed by: status. */
export const STATUS_PORTS = { config, clock, payments, merchants } satisfies PortTable;

/** The page's submit and its 3DS return: every method the page offers, on its session. Composed by: pay, three-ds. */
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

/** The page opened or left: the session and its payment, no method's ports. Composed by: page, cancel. */
export const CHECKOUT_PAGE_VIEW_PORTS = { config, clock, payments, merchants, checkoutSessions } satisfies PortTable;
