import type { RouteDefinition } from './types.js';

const grants: RouteDefinition['grants'] = ['table:read', 'table:write', 'kms:decrypt', 'queue:send:callbacks'];

/** S2S APM (/post-va) and the sandbox method's page its REDIRECT answers point the payer to. */
export const s2sApmRoutes: RouteDefinition[] = [
  { id: 'S2sApmPost', method: 'POST', path: '/post-va', handler: 'functions/s2s-apm/post', grants },
  { id: 'S2sApmMethodPage', method: 'GET', path: '/post-va/redirect/{transId}', handler: 'functions/s2s-apm/method-page', grants: ['table:read'] },
  { id: 'S2sApmMethodPagePost', method: 'POST', path: '/post-va/redirect/{transId}', handler: 'functions/s2s-apm/method-page', grants },
];
