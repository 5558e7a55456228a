/**
 * The console API (docs/console.md): JSON under /console/api, one function per route, each allowed exactly what its
 * operation touches. The console's pages themselves are static files (CloudFront + S3; the local gateway locally).
 */
import type { RouteDefinition } from './types.js';

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

const route = (
  id: string,
  method: RouteDefinition['method'],
  path: string,
  file: string,
  grants: RouteDefinition['grants'],
): RouteDefinition => ({
  id: `Console${id}`,
  method,
  path: `/console/api${path}`,
  handler: `functions/console/${file}`,
  grants,
});

export const consoleRoutes: RouteDefinition[] = [
  route('SignIn', 'POST', '/sign-in', 'sign-in', signIn),
  route('SignInChallenge', 'POST', '/sign-in/challenge', 'sign-in-challenge', signIn),
  route('SignOut', 'POST', '/sign-out', 'sign-out', ['table:read', 'table:write']),
  route('Me', 'GET', '/me', 'me', read),
  route('Merchants', 'GET', '/merchants', 'merchants', merchantRead),
  route('MerchantCreate', 'POST', '/merchants', 'merchant-create', merchantWrite),
  route('Merchant', 'GET', '/merchants/{clientKey}', 'merchant', merchantRead),
  route('MerchantSettings', 'PUT', '/merchants/{clientKey}/settings', 'merchant-settings', merchantWrite),
  route('MerchantPassword', 'POST', '/merchants/{clientKey}/password', 'merchant-password', merchantWrite),
  route('MerchantSigningSecret', 'POST', '/merchants/{clientKey}/signing-secret', 'merchant-signing-secret', merchantWrite),
  // Merchant API keys (docs/merchant-api.md): only their hashes and listing entries; creating one checks the merchant exists.
  route('ApiKeys', 'GET', '/merchants/{clientKey}/api-keys', 'api-keys', read),
  route('ApiKeyCreate', 'POST', '/merchants/{clientKey}/api-keys', 'api-key-create', [...merchantRead, 'table:write']),
  route('ApiKeyRevoke', 'POST', '/merchants/{clientKey}/api-keys/{keyId}/revoke', 'api-key-revoke', ['table:read', 'table:write']),
  // Seals the new MID's credentials (an upstream's client_key and password) with the merchant-secrets key.
  route('MidCreate', 'POST', '/merchants/{clientKey}/mids', 'mid-create', merchantWrite),
  // Operators: the merchant's routing rules (docs/routing.md); the write is conditional on the version loaded.
  route('Routing', 'GET', '/merchants/{clientKey}/routing', 'routing', merchantRead),
  route('RoutingReplace', 'PUT', '/merchants/{clientKey}/routing', 'routing-replace', [...merchantRead, 'table:write']),
  // A MID's amount limits and daily cap (docs/risk.md "Limits per MID"): operators, like the MID itself.
  route('MidLimits', 'PUT', '/merchants/{clientKey}/mids/{midId}/limits', 'mid-limits', [...merchantRead, 'table:write']),
  // Risk controls (docs/risk.md): the admin CLI's operations. Blocklists: a merchant's, or operators' platform-wide one.
  route('RiskBlocklist', 'GET', '/risk/blocklist', 'risk-blocklist', merchantRead),
  route('RiskBlockAdd', 'POST', '/risk/blocklist', 'risk-block-add', [...merchantRead, 'table:write']),
  route('RiskBlockRemove', 'POST', '/risk/blocklist/{id}/remove', 'risk-block-remove', ['table:read', 'table:write']),
  route('RiskRules', 'GET', '/risk/rules', 'risk-rules', merchantRead),
  route('RiskRulesReplace', 'PUT', '/risk/rules', 'risk-rules-replace', [...merchantRead, 'table:write']),
  route('RiskSettings', 'GET', '/risk/settings', 'risk-settings', merchantRead),
  route('RiskSettingsReplace', 'PUT', '/risk/settings', 'risk-settings-replace', [...merchantRead, 'table:write']),
  route('WalletConfigure', 'PUT', '/merchants/{clientKey}/wallets/{wallet}', 'wallet-configure', [
    ...merchantRead,
    'table:write',
    'kms:encrypt:wallet-keys',
  ]),
  route('Payments', 'GET', '/payments', 'payments', read),
  route('Payment', 'GET', '/payments/{transId}', 'payment', read),
  // Refund, void, capture: the payment cores, with the callback in the payment's protocol (its merchant's password signs it).
  route('PaymentAction', 'POST', '/payments/{transId}/{action}', 'payment-action', [
    'table:read',
    'table:write',
    'kms:decrypt:merchant-secrets',
    'queue:send:callbacks',
  ]),
  route('Callbacks', 'GET', '/callbacks', 'callbacks', read),
  route('CallbackReplay', 'POST', '/callbacks/replay', 'callback-replay', ['table:read', 'table:write', 'queue:send:callbacks']),
  route('CallbacksFailed', 'GET', '/callbacks/failed', 'callbacks-failed', read),
  // Every failed callback of a merchant: the recorded FAILED ones and the merchant's messages in the DLQ.
  route('CallbacksReplayFailed', 'POST', '/callbacks/replay-failed', 'callbacks-replay-failed', [
    'table:read',
    'table:write',
    'queue:send:callbacks',
    'queue:redrive:callbacks',
  ]),
  route('Chargebacks', 'GET', '/chargebacks', 'chargebacks', read),
  // The chargeback write and its CHARGEBACK callback (the merchant's password signs it).
  route('ChargebackOpen', 'POST', '/chargebacks', 'chargeback-open', [
    'table:read',
    'table:write',
    'kms:decrypt:merchant-secrets',
    'queue:send:callbacks',
  ]),
  route('Reconciliation', 'GET', '/reconciliation', 'reconciliation', read),
  // The reconciler's grants: the final outcome's write and its callback.
  route('ReconciliationInquire', 'POST', '/reconciliation/{transId}/inquire', 'reconciliation-inquire', [
    'table:read',
    'table:write',
    'kms:decrypt:merchant-secrets',
    'queue:send:callbacks',
  ]),
  route('Schedules', 'GET', '/schedules', 'schedules', read),
  route('Schedule', 'GET', '/schedules/{scheduleId}', 'schedule', read),
  // Pause, resume, run now, change amount: the schedule ops events' operation (the AWS console's "Send events" path).
  route('ScheduleAction', 'POST', '/schedules/{scheduleId}/{action}', 'schedule-action', ['table:read', 'table:write']),
  route('SubscriptionAction', 'POST', '/schedules/{scheduleId}/subscriptions/{recurringToken}/{action}', 'subscription-action', [
    'table:read',
    'table:write',
  ]),
  route('Users', 'GET', '/users', 'users', read),
  route('UserInvite', 'POST', '/users', 'user-invite', [...merchantRead, 'table:write', 'cognito:invite']),
  // The user record and Cognito's AdminDisableUser / AdminEnableUser.
  route('UserAccess', 'POST', '/users/{email}/{action}', 'user-access', ['table:read', 'table:write', 'cognito:access']),
  route('Audit', 'GET', '/audit', 'audit', read),
  route('Dashboard', 'GET', '/dashboard', 'dashboard', merchantRead),
  // The books (docs/ledger.md "Reports"): the merchant API's operations on the ledger's items.
  route('BooksBalances', 'GET', '/books/balances', 'books-balances', read),
  route('BooksSettlements', 'GET', '/books/settlements', 'books-settlements', read),
  route('BooksSettlement', 'GET', '/books/settlements/{id}', 'books-settlement', read),
  route('BooksTransactions', 'GET', '/books/transactions', 'books-transactions', read),
  route('BooksPlatform', 'GET', '/books/platform', 'books-platform', merchantRead),
  // Fee schedules (docs/ledger.md "Fees"): the admin CLI's `fees set` check; operators change them, merchants read their own.
  route('Fees', 'GET', '/fees', 'fees', merchantRead),
  route('FeesReplace', 'PUT', '/fees', 'fees-replace', [...merchantRead, 'table:write']),
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
