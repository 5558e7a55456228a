/** Routes the payer's browser (or an operator) uses, by route id: what the reference says about each. */
import { hostedFieldsCardDataBody } from './json-bodies.js';

export interface PageRoute {
  tag: 'Payer pages' | 'Platform' | 'Providers' | 'Console';
  summary: string;
  contentType: string;
  requestType?: string;
  /** The request body's JSON Schema, where a declaration gives it (otherwise an open object). */
  requestSchema?: Record<string, unknown>;
}

const consoleApi = (summary: string): PageRoute => ({
  tag: 'Console',
  summary: `${summary} Session cookie; POST/PUT also X-CSRF-Token (docs/console.md).`,
  contentType: 'application/json',
  requestType: 'application/json',
});

/** The console API (docs/console.md): the console's own pages call it; it is not a merchant API. */
const CONSOLE_ROUTES: Record<string, PageRoute> = {
  ConsoleSignIn: {
    tag: 'Console',
    summary: 'Console sign-in: {email, password} → the session cookies, or the next challenge (new password, MFA).',
    contentType: 'application/json',
    requestType: 'application/json',
  },
  ConsoleSignInChallenge: {
    tag: 'Console',
    summary: 'The answer to a sign-in challenge: {pending, new_password | code}.',
    contentType: 'application/json',
    requestType: 'application/json',
  },
  ConsoleSignOut: consoleApi('Ends the session.'),
  ConsoleMe: consoleApi('The signed-in user and the CSRF token.'),
  ConsoleMerchants: consoleApi('Merchants (operators: all; others: their own).'),
  ConsoleMerchantCreate: consoleApi('Operators: create a merchant; the answer shows its password once.'),
  ConsoleMerchant: consoleApi("A merchant's settings, MIDs and wallet settings."),
  ConsoleMerchantSettings: consoleApi("Change a merchant's settings."),
  ConsoleMerchantPassword: consoleApi("Rotate a merchant's password; the answer shows it once."),
  ConsoleMerchantSigningSecret: consoleApi('Show or rotate the callback signing secret.'),
  ConsoleApiKeys: consoleApi("A merchant's API keys (id, type, hint, created, revoked); never a key."),
  ConsoleApiKeyCreate: consoleApi(
    'Operators and merchant admins: a new merchant API key, {read_only?: boolean}; the answer shows the key once.',
  ),
  ConsoleApiKeyRevoke: consoleApi('Operators and merchant admins: revoke a merchant API key; its next request is refused.'),
  ConsoleMidCreate: consoleApi('Operators: add a MID.'),
  ConsoleRouting: consoleApi("Operators: a merchant's routing rules and their version (docs/routing.md)."),
  ConsoleRoutingReplace: consoleApi(
    'Operators: replace the routing rules, {expected_version, routing: {rules, maxAttempts?, softDeclines?}}; checked as `routing set` checks its file, refused (409) if someone changed them since expected_version.',
  ),
  ConsoleMidLimits: consoleApi(
    'Operators: a MID\'s limits, {min_amount?, max_amount?, daily_cap?} as decimal text in the payment\'s currency, "none" removes one; checked as `mids update` checks them.',
  ),
  ConsoleRiskBlocklist: consoleApi("A blocklist: ?scope=platform (operators) or a merchant's (?client_key=; merchants' users: their own)."),
  ConsoleRiskBlockAdd: consoleApi(
    'Operators and merchant admins: add a blocklist entry, {type: card|bin|email|ip|country, value | trans_id (a card, by a payment that used it), reason?, client_key? | scope: "platform"}.',
  ),
  ConsoleRiskBlockRemove: consoleApi('Operators and merchant admins: remove a blocklist entry by its id.'),
  ConsoleRiskRules: consoleApi("A merchant's risk rules, in order (?client_key= for operators)."),
  ConsoleRiskRulesReplace: consoleApi(
    "Operators and merchant admins: replace a merchant's risk rules, {client_key?, risk_rules: {rules}}; checked as `risk rules set` checks its file, every problem named.",
  ),
  ConsoleRiskSettings: consoleApi("A merchant's risk thresholds: what applies, what it set, the defaults."),
  ConsoleRiskSettingsReplace: consoleApi(
    "Operators: set a merchant's risk thresholds, {client_key?, settings: {ipDeclinedCards?, …, durations in seconds}, reset?}.",
  ),
  ConsoleWalletConfigure: consoleApi('Apple Pay / Google Pay settings; the private key is sealed and never shown again.'),
  ConsolePayments: consoleApi("Search a merchant's payments (order id, trans_id, card last four, status, dates)."),
  ConsolePayment: consoleApi('A payment and its timeline.'),
  ConsolePaymentAction: consoleApi('Refund, void or capture, once per idempotency_key.'),
  ConsoleCallbacks: consoleApi("A merchant's callback delivery log."),
  ConsoleCallbackReplay: consoleApi('Send a callback again.'),
  ConsoleCallbacksFailed: consoleApi("A merchant's failed callbacks (the DLQ view)."),
  ConsoleCallbacksReplayFailed: consoleApi('Send every failed callback of a merchant again, dead letters included.'),
  ConsoleChargebacks: consoleApi("A merchant's charged-back payments."),
  ConsoleChargebackOpen: consoleApi(
    "Operators: record an acquirer's chargeback on a payment: {trans_id, amount, reason_code, bank_date?}.",
  ),
  ConsoleReconciliation: consoleApi('Operators: payments waiting for the acquirer, oldest first.'),
  ConsoleReconciliationInquire: consoleApi("Operators: ask the acquirer about a payment's waiting transactions now."),
  ConsoleSchedules: consoleApi("A merchant's recurring schedules."),
  ConsoleSchedule: consoleApi('A schedule and its subscriptions.'),
  ConsoleScheduleAction: consoleApi('Pause or resume a schedule.'),
  ConsoleSubscriptionAction: consoleApi('Pause, resume, run now or change the amount of a subscription.'),
  ConsoleUsers: consoleApi("A merchant's console users."),
  ConsoleUserInvite: consoleApi('Invite a console user by email.'),
  ConsoleUserAccess: consoleApi('Operators: disable or enable a console user.'),
  ConsoleAudit: consoleApi('The audit log.'),
  ConsoleDashboard: consoleApi('Dashboard series over 24 hours or 30 days.'),
  ConsoleBooksBalances: consoleApi("A merchant's payable per currency, in minor units (?client_key= for operators)."),
  ConsoleBooksSettlements: consoleApi("A merchant's settlement batches, newest day first (?limit=&cursor=)."),
  ConsoleBooksSettlement: consoleApi("One settlement batch; another merchant's is not found."),
  ConsoleBooksTransactions: {
    ...consoleApi(
      "A merchant's transactions report (?from=&to= ISO instants, ?limit=&cursor=) as a CSV download; the next page's cursor in X-Next-Cursor.",
    ),
    contentType: 'text/csv',
  },
  ConsoleBooksPlatform: consoleApi('Operators: fee revenue per currency and payables by merchant.'),
  ConsoleFees: consoleApi(
    "A merchant's fee schedule with the platform's default beside it (?client_key=; merchants' users: their own, read only), or the default itself (?scope=default, operators).",
  ),
  ConsoleFeesReplace: consoleApi(
    'Operators: replace a fee schedule, {client_key? | scope: "default", fees: {rules, reserve?}}; checked as `fees set` checks its file, every problem named.',
  ),
};

const page = (summary: string, contentType = 'text/html'): PageRoute => ({ tag: 'Payer pages', summary, contentType });

export const PAGE_ROUTES: Record<string, PageRoute> = {
  Health: { tag: 'Platform', summary: 'Health: 200 {"status":"ok"} once the table answers.', contentType: 'application/json' },
  OpenApiDocument: { tag: 'Platform', summary: 'This OpenAPI document.', contentType: 'application/json' },
  ApiDocs: { tag: 'Platform', summary: 'This reference, rendered (Redoc, served by the platform).', contentType: 'text/html' },
  ApiDocsRenderer: { tag: 'Platform', summary: 'The Redoc renderer script the reference page loads.', contentType: 'text/javascript' },
  ThreeDsPage: page("The platform's 3DS / redirect page (redirect_url of a REDIRECT answer)."),
  ThreeDsPagePost: page('The 3DS page as a POST target (redirect_method POST).'),
  ThreeDsComplete: page("The payer's 3DS answer; continues the payment and returns to term_url_3ds."),
  S2sApmMethodPage: page("The sandbox method's page (redirect_url of an APM REDIRECT answer)."),
  S2sApmMethodPagePost: page("The payer's choice on the method page; returns to return_url."),
  CheckoutPage: page('The hosted payment page (redirect_url of /api/v1/session).'),
  CheckoutPay: page('The payment form submitted by the payer.'),
  CheckoutThreeDs: page("The payer's 3DS answer on the hosted page."),
  CheckoutCancel: page('The payer cancels on the hosted page.'),
  HostedFieldsSdk: page('The hosted payment fields client library.', 'text/javascript'),
  HostedFieldsFrame: page('One hosted field (card number, expiry, CVV) in an iframe.'),
  HostedFieldsCardData: {
    tag: 'Payer pages',
    summary: 'The iframes submit the card (header Token); the merchant never sees it.',
    contentType: 'application/json',
    requestType: 'application/json',
    requestSchema: hostedFieldsCardDataBody(),
  },
  HostedFieldsThreeDsPage: page('The 3DS page of a hosted-fields payment.'),
  HostedFieldsThreeDsSubmit: page("The payer's 3DS answer; returns to return_url."),
  HostedFieldsDemo: page('A demo merchant page with hosted fields (sandbox stages only).'),
  ProviderNotification: {
    tag: 'Providers',
    summary:
      'An APM provider reports a payment\'s outcome: JSON {"reference": trans_id, "status": …}, signed with X-Provider-Signature (hex HMAC-SHA256 of the raw body with the provider\'s secret). 401 without a valid signature; a duplicate or late notification changes nothing.',
    contentType: 'application/json',
    requestType: 'application/json',
  },
  AdyenNotifications: {
    tag: 'Providers',
    summary:
      "Adyen's standard webhooks: each item's HMAC is checked and the signed outcomes applied once; answered \"[accepted]\" as Adyen expects. 401 when an item's signature does not hold (nothing changes).",
    contentType: 'text/plain',
    requestType: 'application/json',
  },
  CheckoutComNotifications: {
    tag: 'Providers',
    summary:
      "Checkout.com's webhooks: Cko-Signature (hex HMAC-SHA256 of the raw body with the MID's webhook secret) is checked, then the platform asks Checkout.com about the payment and applies its answer once. 401 when the signature does not hold (nothing changes).",
    contentType: 'application/json',
    requestType: 'application/json',
  },
  CheckoutComReturn: page(
    "The payer's return from Checkout.com's 3DS page; the payment is read back from Checkout.com, then the payer continues to the merchant's return URL.",
  ),
  AdyenReturn: page("The payer's return from Adyen's pages; continues to the merchant's return URL."),
  AdyenReturnPost: page("The payer's return from Adyen's pages (POST); continues to the merchant's return URL."),
  ...CONSOLE_ROUTES,
};
