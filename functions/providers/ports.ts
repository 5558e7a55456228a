/**
 * The acquirers' and APM providers' port tables: their notifications and the payer's return from their pages.
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
import { providerSecrets } from '../../shared/entry/composition/provider-secrets.js';
import { risk } from '../../shared/entry/composition/risk.js';
import { schedules } from '../../shared/entry/composition/schedules.js';
import { secrets } from '../../shared/entry/composition/secrets.js';

/** Adyen's webhooks: the payment cores (shared/entry/composition/tables.ts). Composed by: adyen-notifications. */
export { PAYMENT_PORTS } from '../../shared/entry/composition/tables.js';

/**
 * A provider's signed notification: the payment cores, the providers and their webhook secrets. Composed by: notifications, checkout-com-
 * notifications.
 */
export const NOTIFICATION_PORTS = {
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
  apmConnectors,
  providerSecrets,
} satisfies PortTable;

/**
 * The payer back from a provider's page: the payment cores, and the Checkout session a page payment completes
 * (operations/checkout/acquirer-step.ts). Composed by: adyen-return, checkout-com-return.
 */
export const RETURN_PORTS = {
  config,
  clock,
  newId,
  payments,
  merchants,
  secrets,
  callbackQueue,
  cardVault,
  connectors,
  apmConnectors,
  schedules,
  checkoutSessions,
  risk,
} satisfies PortTable;
