import type { RouteDefinition } from './types.js';

const api: RouteDefinition['grants'] = ['table:read', 'table:write', 'kms:decrypt', 'kms:encrypt', 'queue:send:callbacks'];
const read: RouteDefinition['grants'] = ['table:read', 'table:write', 'kms:decrypt'];

export const checkoutRoutes: RouteDefinition[] = [
  { id: 'CheckoutSession', method: 'POST', path: '/api/v1/session', handler: 'functions/checkout/session', grants: ['table:read', 'table:write', 'kms:decrypt'] },
  // The payer's page: the token in the path is the only credential.
  { id: 'CheckoutPage', method: 'GET', path: '/auth/{token}', handler: 'functions/checkout/page', grants: read },
  { id: 'CheckoutPay', method: 'POST', path: '/auth/{token}/pay', handler: 'functions/checkout/pay', grants: api },
  { id: 'CheckoutThreeDs', method: 'POST', path: '/auth/{token}/3ds', handler: 'functions/checkout/three-ds', grants: api },
  { id: 'CheckoutCancel', method: 'POST', path: '/auth/{token}/cancel', handler: 'functions/checkout/cancel', grants: ['table:read', 'table:write', 'kms:decrypt'] },
];
