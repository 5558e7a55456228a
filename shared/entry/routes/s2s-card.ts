import { payerPage, type RouteDefinition } from './types.js';
import { pageText } from './shared-grants.js';
import { WALLET_MODULES } from '../../lib/wallets/wallet-modules.js';

// card-data: card/recurring tokens and 3DS waits are sealed and opened; merchant-secrets: the password for hashes;
// wallet-keys: a wallet SALE (digital_wallet + payment_token) decrypts the token with the merchant's wallet key.
const grants: RouteDefinition['grants'] = [
  'table:read',
  'table:write',
  'kms:decrypt:card-data',
  'kms:encrypt:card-data',
  'kms:decrypt:merchant-secrets',
  'kms:decrypt:wallet-keys',
  'queue:send:callbacks',
];
// 3DS completion charges the waiting card (and may vault it): no wallet key.
const complete: RouteDefinition['grants'] = grants.filter((g) => g !== 'kms:decrypt:wallet-keys');
const page: RouteDefinition['grants'] = ['table:read', 'kms:decrypt:merchant-secrets'];

export const s2sCardRoutes: RouteDefinition[] = [
  // A wallet SALE verifies each wallet's tokens with a module loaded on its first one (wallets/wallet-modules.ts).
  {
    id: 'S2sCardPost',
    method: 'POST',
    path: '/post',
    handler: 'functions/s2s-card/post',
    grants,
    lazyModules: WALLET_MODULES,
    doc: { tag: 'S2S CARD', summary: 'S2S CARD (redirect_params as an object)', auth: 'protocol-hash' },
  },
  {
    id: 'S2sCardPostV2',
    method: 'POST',
    path: '/v2/post',
    handler: 'functions/s2s-card/post-v2',
    grants,
    lazyModules: WALLET_MODULES,
    doc: { tag: 'S2S CARD', summary: 'S2S CARD (redirect_params as a [{name, value}] list)', auth: 'protocol-hash' },
  },
  // The platform's own 3DS / redirect page (redirect_url of a REDIRECT answer) and its submission.
  {
    id: 'ThreeDsPage',
    method: 'GET',
    path: '/threeds/{transId}',
    handler: 'functions/threeds/page',
    grants: page,
    ...pageText,
    doc: payerPage("The platform's 3DS / redirect page (redirect_url of a REDIRECT answer)."),
  },
  {
    id: 'ThreeDsPagePost',
    method: 'POST',
    path: '/threeds/{transId}',
    handler: 'functions/threeds/page',
    grants: page,
    ...pageText,
    doc: payerPage('The 3DS page as a POST target (redirect_method POST).'),
  },
  {
    id: 'ThreeDsComplete',
    method: 'POST',
    path: '/threeds/{transId}/complete',
    handler: 'functions/threeds/complete',
    grants: complete,
    ...pageText,
    doc: payerPage("The payer's 3DS answer; continues the payment and returns to term_url_3ds."),
  },
];
