import { payerPage, type OpsEventDefinition, type RouteDefinition, type ScheduledDefinition } from './types.js';
import { APM_DEADLINE_DUE } from '../../lib/resources.js';
import { PAGE_TEXT_FILES } from '../../pages/page-text.js';

/**
 * Providers' inbound notifications. The provider's webhook secret is sealed with the merchant-secrets key and made on
 * first use (decrypt + encrypt); the payment's merchant settings and a MID's acquirer credentials open with the same
 * key; the outcome's callback goes to the callbacks queue. An acquirer's notification (the upstream connector) may
 * complete a card payment's 3DS step: it opens the card kept sealed for that step and seals the tokens the payment
 * asked for (card-data decrypt + encrypt), as the platform's own 3DS completion does. No wallet key.
 */
export const providerRoutes: RouteDefinition[] = [
  // Adyen's webhooks and the payer's return from Adyen's pages (shared/adapters/connectors/adyen.ts); listed before the
  // provider routes, whose {provider} would match them too. The same grants as an acquirer's notification.
  {
    id: 'AdyenNotifications',
    method: 'POST',
    path: '/providers/adyen/notifications',
    handler: 'functions/providers/adyen-notifications',
    grants: acquirerNotice(),
    doc: {
      tag: 'Providers',
      summary:
        "Adyen's standard webhooks: each item's HMAC is checked and the signed outcomes applied once; answered \"[accepted]\" as Adyen expects. 401 when an item's signature does not hold (nothing changes).",
      auth: 'adyen-hmac',
      answers: 'text/plain',
      sends: 'application/json',
    },
  },
  {
    id: 'AdyenReturn',
    method: 'GET',
    path: '/providers/adyen/return/{transId}',
    handler: 'functions/providers/adyen-return',
    grants: acquirerNotice(),
    bundleFiles: [...PAGE_TEXT_FILES],
    doc: payerPage("The payer's return from Adyen's pages; continues to the merchant's return URL."),
  },
  {
    id: 'AdyenReturnPost',
    method: 'POST',
    path: '/providers/adyen/return/{transId}',
    handler: 'functions/providers/adyen-return',
    grants: acquirerNotice(),
    bundleFiles: [...PAGE_TEXT_FILES],
    doc: payerPage("The payer's return from Adyen's pages (POST); continues to the merchant's return URL."),
  },
  // Checkout.com's webhooks (signed in the Cko-Signature header) and the payer's return from its 3DS page
  // (shared/adapters/connectors/checkout-com.ts); before the provider routes too.
  {
    id: 'CheckoutComNotifications',
    method: 'POST',
    path: '/providers/checkout-com/notifications',
    handler: 'functions/providers/checkout-com-notifications',
    grants: acquirerNotice(),
    doc: {
      tag: 'Providers',
      summary:
        "Checkout.com's webhooks: Cko-Signature (hex HMAC-SHA256 of the raw body with the MID's webhook secret) is checked, then the platform asks Checkout.com about the payment and applies its answer once. 401 when the signature does not hold (nothing changes).",
      auth: 'cko-signature',
      answers: 'application/json',
      sends: 'application/json',
    },
  },
  {
    id: 'CheckoutComReturn',
    method: 'GET',
    path: '/providers/checkout-com/return/{transId}',
    handler: 'functions/providers/checkout-com-return',
    grants: acquirerNotice(),
    bundleFiles: [...PAGE_TEXT_FILES],
    doc: payerPage(
      "The payer's return from Checkout.com's 3DS page; the payment is read back from Checkout.com, then the payer continues to the merchant's return URL.",
    ),
  },
  {
    id: 'ProviderNotification',
    method: 'POST',
    path: '/providers/{provider}/notifications',
    handler: 'functions/providers/notifications',
    grants: acquirerNotice(),
    doc: {
      tag: 'Providers',
      summary:
        'An APM provider reports a payment\'s outcome: JSON {"reference": trans_id, "status": …}, signed with X-Provider-Signature (hex HMAC-SHA256 of the raw body with the provider\'s secret). 401 without a valid signature; a duplicate or late notification changes nothing.',
      auth: 'provider-signature',
      answers: 'application/json',
      sends: 'application/json',
    },
  },
];

/** Reads and completes a card payment's step: sealed card and tokens, MID credentials, the callbacks queue. */
function acquirerNotice(): RouteDefinition['grants'] {
  return [
    'table:read',
    'table:write',
    'kms:decrypt:merchant-secrets',
    'kms:encrypt:merchant-secrets',
    'kms:decrypt:card-data',
    'kms:encrypt:card-data',
    'queue:send:callbacks',
  ];
}

const expires: OpsEventDefinition['grants'] = ['table:read', 'table:write', 'kms:decrypt:merchant-secrets', 'queue:send:callbacks'];

/**
 * QR lifetimes and bank-code transfer windows. Each deadline has its own EventBridge Scheduler one-time schedule, which
 * puts an ApmDeadlineDue event on the ops bus at the deadline's minute; its handler waits out the seconds left (so up
 * to 65 s) and expires the payment. It records the decline and its callback; merchant settings open with the
 * merchant-secrets key (callback signing).
 */
export const providerOpsEvents: OpsEventDefinition[] = [
  { id: 'ApmDeadlineDue', detailTypes: [APM_DEADLINE_DUE], handler: 'functions/s2s-apm/deadline-due', timeoutSeconds: 80, grants: expires },
];

/**
 * The sweeper: a backstop every 5 minutes for a deadline whose schedule could not be made (or a test clock that
 * moved). Locally there are no one-time schedules, so the pollers run it every 2 s and it keeps every deadline.
 */
export const providerSchedules: ScheduledDefinition[] = [
  { id: 'ApmDeadlines', everyMinutes: 5, handler: 'functions/s2s-apm/deadlines', localEverySeconds: 2, grants: expires },
];
