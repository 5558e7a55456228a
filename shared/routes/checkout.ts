import type { RouteDefinition } from './types.js';

const api: RouteDefinition['grants'] = ['table:read', 'table:write', 'kms:decrypt', 'kms:encrypt', 'queue:send:callbacks'];
const session: RouteDefinition['grants'] = ['table:read', 'table:write', 'kms:decrypt'];

export const checkoutRoutes: RouteDefinition[] = [
  { id: 'CheckoutSession', method: 'POST', path: '/api/v1/session', handler: 'functions/checkout/session', grants: session },
  // The payer's page: the token in the path is the only credential.
  { id: 'CheckoutPage', method: 'GET', path: '/auth/{token}', handler: 'functions/checkout/page', grants: session },
  { id: 'CheckoutPay', method: 'POST', path: '/auth/{token}/pay', handler: 'functions/checkout/pay', grants: api },
  { id: 'CheckoutThreeDs', method: 'POST', path: '/auth/{token}/3ds', handler: 'functions/checkout/three-ds', grants: api },
  { id: 'CheckoutCancel', method: 'POST', path: '/auth/{token}/cancel', handler: 'functions/checkout/cancel', grants: session },
  // Merchant operations (JSON, merchant_key + hash).
  { id: 'CheckoutStatus', method: 'POST', path: '/api/v1/payment/status', handler: 'functions/checkout/status', grants: ['table:read', 'kms:decrypt'] },
  { id: 'CheckoutRefund', method: 'POST', path: '/api/v1/payment/refund', handler: 'functions/checkout/refund', grants: api },
  { id: 'CheckoutVoid', method: 'POST', path: '/api/v1/payment/void', handler: 'functions/checkout/void', grants: api },
  { id: 'CheckoutCapture', method: 'POST', path: '/api/v1/payment/capture', handler: 'functions/checkout/capture', grants: api },
  { id: 'CheckoutRecurring', method: 'POST', path: '/api/v1/payment/recurring', handler: 'functions/checkout/recurring', grants: api },
  { id: 'CheckoutRetry', method: 'POST', path: '/api/v1/payment/retry', handler: 'functions/checkout/retry', grants: api },
  { id: 'CheckoutCardCredit', method: 'POST', path: '/api/v1/payment/card/credit', handler: 'functions/checkout/card-credit', grants: api },
];
