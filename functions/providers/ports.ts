/**
 * The acquirers' and APM providers' port tables: their notifications and the payer's return from their pages.
 * A handler composes one of these (composition(NAME)); its bundle carries only that table's port modules:
 * shared/entry/composition/package.json declares them free of import side effects, so esbuild drops the others. No
 * table is a bare spread, which esbuild could not prove harmless: the payment cores and more are paymentPortsAnd's.
 */
import { paymentPortsAnd } from '../../shared/entry/composition/tables.js';
import { apmConnectors } from '../../shared/entry/composition/apm-connectors.js';
import { checkoutSessions } from '../../shared/entry/composition/checkout-sessions.js';
import { providerSecrets } from '../../shared/entry/composition/provider-secrets.js';

/** Adyen's webhooks: the payment cores (shared/entry/composition/tables.ts). Composed by: adyen-notifications. */
export { PAYMENT_PORTS } from '../../shared/entry/composition/tables.js';

/**
 * A provider's signed notification: the payment cores, the providers and their webhook secrets. Composed by: notifications, checkout-com-
 * notifications.
 */
export const NOTIFICATION_PORTS = /* @__PURE__ */ paymentPortsAnd({ apmConnectors, providerSecrets });

/**
 * The payer back from a provider's page: the payment cores, and the Checkout session a page payment completes
 * (operations/checkout/acquirer-step.ts). Composed by: adyen-return, checkout-com-return.
 */
export const RETURN_PORTS = /* @__PURE__ */ paymentPortsAnd({ apmConnectors, checkoutSessions });
