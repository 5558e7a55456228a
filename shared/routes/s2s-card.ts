import type { RouteDefinition } from './types.js';

const grants: RouteDefinition['grants'] = ['table:read', 'table:write', 'kms:decrypt', 'kms:encrypt', 'queue:send:callbacks'];

export const s2sCardRoutes: RouteDefinition[] = [
  { id: 'S2sCardPost', method: 'POST', path: '/post', handler: 'functions/s2s-card/post', grants },
  { id: 'S2sCardPostV2', method: 'POST', path: '/v2/post', handler: 'functions/s2s-card/post-v2', grants },
  // The platform's own 3DS / redirect page (redirect_url of a REDIRECT answer) and its submission.
  { id: 'ThreeDsPage', method: 'GET', path: '/threeds/{transId}', handler: 'functions/threeds/page', grants: ['table:read', 'kms:decrypt'] },
  { id: 'ThreeDsPagePost', method: 'POST', path: '/threeds/{transId}', handler: 'functions/threeds/page', grants: ['table:read', 'kms:decrypt'] },
  { id: 'ThreeDsComplete', method: 'POST', path: '/threeds/{transId}/complete', handler: 'functions/threeds/complete', grants },
];
