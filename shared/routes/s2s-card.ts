import type { RouteDefinition } from './types.js';

const grants: RouteDefinition['grants'] = ['table:read', 'table:write', 'kms:decrypt', 'kms:encrypt', 'queue:send:callbacks'];

export const s2sCardRoutes: RouteDefinition[] = [
  { id: 'S2sCardPost', method: 'POST', path: '/post', handler: 'functions/s2s-card/post', grants },
  { id: 'S2sCardPostV2', method: 'POST', path: '/v2/post', handler: 'functions/s2s-card/post-v2', grants },
];
