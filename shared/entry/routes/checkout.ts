import type { RouteDefinition } from './types.js';
import { CARD_PAYING, pageText, SESSION } from './shared-grants.js';

// Paying (a typed card, a saved card_token, a recurring or retried charge, a card credit) seals and opens card data;
// refund, void and capture act on the payment only.
const pay = CARD_PAYING;
const api: RouteDefinition['grants'] = ['table:read', 'table:write', 'kms:decrypt:merchant-secrets', 'queue:send:callbacks'];
const session = SESSION;
// A session naming card_tokens shows them masked: it opens the vault once, at creation.
const createSession: RouteDefinition['grants'] = [...session, 'kms:decrypt:card-data'];

export const checkoutRoutes: RouteDefinition[] = [
  { id: 'CheckoutSession', method: 'POST', path: '/api/v1/session', handler: 'functions/checkout/session', grants: createSession },
  // The payer's page: the token in the path is the only credential.
  { id: 'CheckoutPage', method: 'GET', path: '/auth/{token}', handler: 'functions/checkout/page', grants: session, ...pageText },
  { id: 'CheckoutPay', method: 'POST', path: '/auth/{token}/pay', handler: 'functions/checkout/pay', grants: pay, ...pageText },
  { id: 'CheckoutThreeDs', method: 'POST', path: '/auth/{token}/3ds', handler: 'functions/checkout/three-ds', grants: pay, ...pageText },
  {
    id: 'CheckoutCancel',
    method: 'POST',
    path: '/auth/{token}/cancel',
    handler: 'functions/checkout/cancel',
    grants: session,
    ...pageText,
  },
  // Merchant operations (JSON, merchant_key + hash).
  {
    id: 'CheckoutStatus',
    method: 'POST',
    path: '/api/v1/payment/status',
    handler: 'functions/checkout/status',
    grants: ['table:read', 'kms:decrypt:merchant-secrets'],
  },
  { id: 'CheckoutRefund', method: 'POST', path: '/api/v1/payment/refund', handler: 'functions/checkout/refund', grants: api },
  { id: 'CheckoutVoid', method: 'POST', path: '/api/v1/payment/void', handler: 'functions/checkout/void', grants: api },
  { id: 'CheckoutCapture', method: 'POST', path: '/api/v1/payment/capture', handler: 'functions/checkout/capture', grants: api },
  { id: 'CheckoutRecurring', method: 'POST', path: '/api/v1/payment/recurring', handler: 'functions/checkout/recurring', grants: pay },
  { id: 'CheckoutRetry', method: 'POST', path: '/api/v1/payment/retry', handler: 'functions/checkout/retry', grants: pay },
  { id: 'CheckoutCardCredit', method: 'POST', path: '/api/v1/payment/card/credit', handler: 'functions/checkout/card-credit', grants: pay },
];
