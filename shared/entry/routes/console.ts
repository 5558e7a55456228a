/**
 * The console API (docs/console.md): JSON under /console/api, one function per route, each allowed exactly what its
 * operation touches. The console's pages themselves are static files (CloudFront + S3; the local gateway locally).
 */
import type { RouteDefinition, RouteDoc } from './types.js';

const read: RouteDefinition['grants'] = ['table:read'];
// Loading a merchant opens its sealed password (MerchantDirectory), even where the password is not shown.
const merchantRead: RouteDefinition['grants'] = ['table:read', 'kms:decrypt:merchant-secrets'];
const merchantWrite: RouteDefinition['grants'] = [
  'table:read',
  'table:write',
  'kms:decrypt:merchant-secrets',
  'kms:encrypt:merchant-secrets',
];
const signIn: RouteDefinition['grants'] = ['table:read', 'table:write', 'cognito:sign-in'];

/** doc: what the reference says; a console route answers JSON to JSON, behind the session cookie unless it says otherwise. */
const route = (
  id: string,
  method: RouteDefinition['method'],
  path: string,
  file: string,
  grants: RouteDefinition['grants'],
  doc: Pick<RouteDoc, 'summary'> & Partial<RouteDoc>,
): RouteDefinition => ({
  id: `Console${id}`,
  method,
  path: `/console/api${path}`,
  handler: `functions/console/${file}`,
  grants,
  doc: { tag: 'Console', auth: 'console', answers: 'application/json', sends: 'application/json', ...doc },
});

export const consoleRoutes: RouteDefinition[] = [
  route('SignIn', 'POST', '/sign-in', 'sign-in', signIn, {
    summary: 'Console sign-in: {email, password} → the session cookies, or the next challenge (new password, MFA).',
    auth: 'sign-in',
  }),
  route('SignInChallenge', 'POST', '/sign-in/challenge', 'sign-in-challenge', signIn, {
    summary: 'The answer to a sign-in challenge: {pending, new_password | code}.',
    auth: 'sign-in',
  }),
  route('SignOut', 'POST', '/sign-out', 'sign-out', ['table:read', 'table:write'], { summary: 'Ends the session.' }),
  route('Me', 'GET', '/me', 'me', read, { summary: 'The signed-in user and the CSRF token.', auth: 'console-optional' }),
  route('Merchants', 'GET', '/merchants', 'merchants', merchantRead, { summary: 'Merchants (operators: all; others: their own).' }),
  route('MerchantCreate', 'POST', '/merchants', 'merchant-create', merchantWrite, {
    summary: 'Operators: create a merchant; the answer shows its password once.',
  }),
  route('Merchant', 'GET', '/merchants/{clientKey}', 'merchant', merchantRead, {
    summary: "A merchant's settings, MIDs and wallet settings.",
  }),
  route('MerchantSettings', 'PUT', '/merchants/{clientKey}/settings', 'merchant-settings', merchantWrite, {
    summary: "Change a merchant's settings.",
  }),
  route('MerchantPassword', 'POST', '/merchants/{clientKey}/password', 'merchant-password', merchantWrite, {
    summary: "Rotate a merchant's password; the answer shows it once.",
  }),
  route('MerchantSigningSecret', 'POST', '/merchants/{clientKey}/signing-secret', 'merchant-signing-secret', merchantWrite, {
    summary: 'Show or rotate the callback signing secret.',
  }),
  // Merchant API keys (docs/merchant-api.md): only their hashes and listing entries; creating one checks the merchant exists.
  route('ApiKeys', 'GET', '/merchants/{clientKey}/api-keys', 'api-keys', read, {
    summary: "A merchant's API keys (id, type, hint, created, revoked); never a key.",
  }),
  route('ApiKeyCreate', 'POST', '/merchants/{clientKey}/api-keys', 'api-key-create', [...merchantRead, 'table:write'], {
    summary: 'Operators and merchant admins: a new merchant API key, {read_only?: boolean}; the answer shows the key once.',
  }),
  route('ApiKeyRevoke', 'POST', '/merchants/{clientKey}/api-keys/{keyId}/revoke', 'api-key-revoke', ['table:read', 'table:write'], {
    summary: 'Operators and merchant admins: revoke a merchant API key; its next request is refused.',
  }),
  // Seals the new MID's credentials (an upstream's client_key and password) with the merchant-secrets key.
  route('MidCreate', 'POST', '/merchants/{clientKey}/mids', 'mid-create', merchantWrite, { summary: 'Operators: add a MID.' }),
  // Operators: the merchant's routing rules (docs/routing.md); the write is conditional on the version loaded.
  route('Routing', 'GET', '/merchants/{clientKey}/routing', 'routing', merchantRead, {
    summary: "Operators: a merchant's routing rules and their version (docs/routing.md).",
  }),
  route('RoutingReplace', 'PUT', '/merchants/{clientKey}/routing', 'routing-replace', [...merchantRead, 'table:write'], {
    summary:
      'Operators: replace the routing rules, {expected_version, routing: {rules, maxAttempts?, softDeclines?}}; checked as `routing set` checks its file, refused (409) if someone changed them since expected_version.',
  }),
  // A MID's amount limits and daily cap (docs/risk.md "Limits per MID"): operators, like the MID itself.
  route('MidLimits', 'PUT', '/merchants/{clientKey}/mids/{midId}/limits', 'mid-limits', [...merchantRead, 'table:write'], {
    summary:
      'Operators: a MID\'s limits, {min_amount?, max_amount?, daily_cap?} as decimal text in the payment\'s currency, "none" removes one; checked as `mids update` checks them.',
  }),
  // Risk controls (docs/risk.md): the admin CLI's operations. Blocklists: a merchant's, or operators' platform-wide one.
  route('RiskBlocklist', 'GET', '/risk/blocklist', 'risk-blocklist', merchantRead, {
    summary: "A blocklist: ?scope=platform (operators) or a merchant's (?client_key=; merchants' users: their own).",
  }),
  route('RiskBlockAdd', 'POST', '/risk/blocklist', 'risk-block-add', [...merchantRead, 'table:write'], {
    summary:
      'Operators and merchant admins: add a blocklist entry, {type: card|bin|email|ip|country, value | trans_id (a card, by a payment that used it), reason?, client_key? | scope: "platform"}.',
  }),
  route('RiskBlockRemove', 'POST', '/risk/blocklist/{id}/remove', 'risk-block-remove', ['table:read', 'table:write'], {
    summary: 'Operators and merchant admins: remove a blocklist entry by its id.',
  }),
  route('RiskRules', 'GET', '/risk/rules', 'risk-rules', merchantRead, {
    summary: "A merchant's risk rules, in order (?client_key= for operators).",
  }),
  route('RiskRulesReplace', 'PUT', '/risk/rules', 'risk-rules-replace', [...merchantRead, 'table:write'], {
    summary:
      "Operators and merchant admins: replace a merchant's risk rules, {client_key?, risk_rules: {rules}}; checked as `risk rules set` checks its file, every problem named.",
  }),
  route('RiskSettings', 'GET', '/risk/settings', 'risk-settings', merchantRead, {
    summary: "A merchant's risk thresholds: what applies, what it set, the defaults.",
  }),
  route('RiskSettingsReplace', 'PUT', '/risk/settings', 'risk-settings-replace', [...merchantRead, 'table:write'], {
    summary: "Operators: set a merchant's risk thresholds, {client_key?, settings: {ipDeclinedCards?, …, durations in seconds}, reset?}.",
  }),
  route(
    'WalletConfigure',
    'PUT',
    '/merchants/{clientKey}/wallets/{wallet}',
    'wallet-configure',
    [...merchantRead, 'table:write', 'kms:encrypt:wallet-keys'],
    { summary: 'Apple Pay / Google Pay settings; the private key is sealed and never shown again.' },
  ),
  route('Payments', 'GET', '/payments', 'payments', read, {
    summary: "Search a merchant's payments (order id, trans_id, card last four, status, dates).",
  }),
  route('Payment', 'GET', '/payments/{transId}', 'payment', read, { summary: 'A payment and its timeline.' }),
  // Refund, void, capture: the payment cores, with the callback in the payment's protocol (its merchant's password signs it).
  route(
    'PaymentAction',
    'POST',
    '/payments/{transId}/{action}',
    'payment-action',
    ['table:read', 'table:write', 'kms:decrypt:merchant-secrets', 'queue:send:callbacks'],
    { summary: 'Refund, void or capture, once per idempotency_key.' },
  ),
  route('Callbacks', 'GET', '/callbacks', 'callbacks', read, { summary: "A merchant's callback delivery log." }),
  route('CallbackReplay', 'POST', '/callbacks/replay', 'callback-replay', ['table:read', 'table:write', 'queue:send:callbacks'], {
    summary: 'Send a callback again.',
  }),
  route('CallbacksFailed', 'GET', '/callbacks/failed', 'callbacks-failed', read, {
    summary: "A merchant's failed callbacks (the DLQ view).",
  }),
  // Every failed callback of a merchant: the recorded FAILED ones and the merchant's messages in the DLQ.
  route(
    'CallbacksReplayFailed',
    'POST',
    '/callbacks/replay-failed',
    'callbacks-replay-failed',
    ['table:read', 'table:write', 'queue:send:callbacks', 'queue:redrive:callbacks'],
    { summary: 'Send every failed callback of a merchant again, dead letters included.' },
  ),
  route('Chargebacks', 'GET', '/chargebacks', 'chargebacks', read, { summary: "A merchant's charged-back payments." }),
  // The chargeback write and its CHARGEBACK callback (the merchant's password signs it).
  route(
    'ChargebackOpen',
    'POST',
    '/chargebacks',
    'chargeback-open',
    ['table:read', 'table:write', 'kms:decrypt:merchant-secrets', 'queue:send:callbacks'],
    { summary: "Operators: record an acquirer's chargeback on a payment: {trans_id, amount, reason_code, bank_date?}." },
  ),
  route('Reconciliation', 'GET', '/reconciliation', 'reconciliation', read, {
    summary: 'Operators: payments waiting for the acquirer, oldest first.',
  }),
  // The reconciler's grants: the final outcome's write and its callback.
  route(
    'ReconciliationInquire',
    'POST',
    '/reconciliation/{transId}/inquire',
    'reconciliation-inquire',
    ['table:read', 'table:write', 'kms:decrypt:merchant-secrets', 'queue:send:callbacks'],
    { summary: "Operators: ask the acquirer about a payment's waiting transactions now." },
  ),
  route('Schedules', 'GET', '/schedules', 'schedules', read, { summary: "A merchant's recurring schedules." }),
  route('Schedule', 'GET', '/schedules/{scheduleId}', 'schedule', read, { summary: 'A schedule and its subscriptions.' }),
  // Pause, resume, run now, change amount: the schedule ops events' operation (the AWS console's "Send events" path).
  route('ScheduleAction', 'POST', '/schedules/{scheduleId}/{action}', 'schedule-action', ['table:read', 'table:write'], {
    summary: 'Pause or resume a schedule.',
  }),
  route(
    'SubscriptionAction',
    'POST',
    '/schedules/{scheduleId}/subscriptions/{recurringToken}/{action}',
    'subscription-action',
    ['table:read', 'table:write'],
    { summary: 'Pause, resume, run now or change the amount of a subscription.' },
  ),
  route('Users', 'GET', '/users', 'users', read, { summary: "A merchant's console users." }),
  route('UserInvite', 'POST', '/users', 'user-invite', [...merchantRead, 'table:write', 'cognito:invite'], {
    summary: 'Invite a console user by email.',
  }),
  // The user record and Cognito's AdminDisableUser / AdminEnableUser.
  route('UserAccess', 'POST', '/users/{email}/{action}', 'user-access', ['table:read', 'table:write', 'cognito:access'], {
    summary: 'Operators: disable or enable a console user.',
  }),
  route('Audit', 'GET', '/audit', 'audit', read, { summary: 'The audit log.' }),
  route('Dashboard', 'GET', '/dashboard', 'dashboard', merchantRead, { summary: 'Dashboard series over 24 hours or 30 days.' }),
  // The books (docs/ledger.md "Reports"): the merchant API's operations on the ledger's items.
  route('BooksBalances', 'GET', '/books/balances', 'books-balances', read, {
    summary: "A merchant's payable per currency, in minor units (?client_key= for operators).",
  }),
  route('BooksSettlements', 'GET', '/books/settlements', 'books-settlements', read, {
    summary: "A merchant's settlement batches, newest day first (?limit=&cursor=).",
  }),
  route('BooksSettlement', 'GET', '/books/settlements/{id}', 'books-settlement', read, {
    summary: "One settlement batch; another merchant's is not found.",
  }),
  route('BooksTransactions', 'GET', '/books/transactions', 'books-transactions', read, {
    summary:
      "A merchant's transactions report (?from=&to= ISO instants, ?limit=&cursor=) as a CSV download; the next page's cursor in X-Next-Cursor.",
    answers: 'text/csv',
  }),
  route('BooksPlatform', 'GET', '/books/platform', 'books-platform', merchantRead, {
    summary: 'Operators: fee revenue per currency and payables by merchant.',
  }),
  // Fee schedules (docs/ledger.md "Fees"): the admin CLI's `fees set` check; operators change them, merchants read their own.
  route('Fees', 'GET', '/fees', 'fees', merchantRead, {
    summary:
      "A merchant's fee schedule with the platform's default beside it (?client_key=; merchants' users: their own, read only), or the default itself (?scope=default, operators).",
  }),
  route('FeesReplace', 'PUT', '/fees', 'fees-replace', [...merchantRead, 'table:write'], {
    summary:
      'Operators: replace a fee schedule, {client_key? | scope: "default", fees: {rules, reserve?}}; checked as `fees set` checks its file, every problem named.',
  }),
];

/**
 * Headers of the console's pages (local gateway; CloudFront's response headers policy deployed): scripts and styles
 * from the console's own origin only, no inline script, never framed.
 */
export const CONSOLE_PAGE_HEADERS: Record<string, string> = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
};
