/**
 * The merchant API (docs/merchant-api.md): routes a merchant calls with its own client key and a signature made
 * with its password, or an API key of its own — its payments, its delivery log, its callback feed and, in a sandbox,
 * its test clock. No operator credentials.
 */
import type { RouteDefinition, RouteDoc } from './types.js';

// Reads only: the merchant (its sealed password checks the signature) and its callbacks. The feed also signs each
// callback request it hands out with the merchant's signing secrets (sealed with merchant-secrets, created by the
// first delivery, so never written here).
const read: RouteDefinition['grants'] = ['table:read', 'kms:decrypt:merchant-secrets'];
const merchant = (summary: string): RouteDoc => ({ tag: 'Merchant API', summary, auth: 'merchant-api' });

export const merchantApiRoutes: RouteDefinition[] = [
  // One of the merchant's payments (a lookup: read-only keys may).
  {
    id: 'MerchantPayment',
    method: 'GET',
    path: '/api/v1/merchant/payments/{transId}',
    handler: 'functions/merchant-api/payment',
    grants: read,
    doc: merchant(
      'One of your payments (any of your keys, read-only included): amounts, status, masked card, its transactions; never a token',
    ),
  },
  {
    id: 'MerchantCallbacks',
    method: 'GET',
    path: '/api/v1/merchant/callbacks',
    handler: 'functions/merchant-api/callbacks',
    grants: read,
    doc: merchant('Your delivery log: one entry per callback, newest first by latest attempt'),
  },
  // A long poll of up to 20 s (wait=…), within API Gateway's 30 s; it writes the merchant's waiting slots (LONG_POLLS).
  {
    id: 'MerchantCallbacksNext',
    method: 'GET',
    path: '/api/v1/merchant/callbacks/next',
    handler: 'functions/merchant-api/callbacks-next',
    grants: [...read, 'table:write'],
    timeoutSeconds: 28,
    doc: merchant('Your callbacks as they are sent: one event per delivery attempt, oldest first (long poll)'),
  },
  // The ledger's reports (docs/ledger.md "Reports"): reads only, so read-only keys may.
  {
    id: 'MerchantBalance',
    method: 'GET',
    path: '/api/v1/merchant/balance',
    handler: 'functions/merchant-api/balance',
    grants: read,
    doc: merchant('What the platform owes you, per currency (any of your keys)'),
  },
  {
    id: 'MerchantSettlements',
    method: 'GET',
    path: '/api/v1/merchant/settlements',
    handler: 'functions/merchant-api/settlements',
    grants: read,
    doc: merchant('Your daily settlement batches, newest day first'),
  },
  {
    id: 'MerchantSettlement',
    method: 'GET',
    path: '/api/v1/merchant/settlements/{id}',
    handler: 'functions/merchant-api/settlement',
    grants: read,
    doc: merchant('One of your settlement batches'),
  },
  {
    id: 'MerchantTransactionsReport',
    method: 'GET',
    path: '/api/v1/merchant/reports/transactions',
    handler: 'functions/merchant-api/transactions-report',
    grants: read,
    doc: merchant('Every payment, refund, payout and chargeback journaled in [from, to), with its fee and settlement batch; JSON or CSV'),
  },
  // The merchant's test clock item (CLOCK#<client_key>); a live stage has no test clock, so no such route.
  {
    id: 'MerchantClock',
    method: 'GET',
    path: '/api/v1/merchant/clock',
    handler: 'functions/merchant-api/clock',
    grants: read,
    sandboxOnly: true,
    doc: merchant('Your test clock (sandbox stages only)'),
  },
  {
    id: 'MerchantClockMove',
    method: 'POST',
    path: '/api/v1/merchant/clock',
    handler: 'functions/merchant-api/clock-move',
    grants: [...read, 'table:write'],
    sandboxOnly: true,
    doc: merchant('Move your test clock: {"advance_by":"14d"}, {"set":"2027-01-31T00:00:00Z"} or {"reset":true} (sandbox stages only)'),
  },
];
