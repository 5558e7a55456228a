import { payerPage, type RouteDefinition } from './types.js';
import { pageText } from './shared-grants.js';
import { WALLET_MODULES } from '../../lib/wallets/wallet-modules.js';

// A wallet SALE on /post-va decrypts the token (wallet-keys) and may vault its DPAN (recurring_init, req_token).
const grants: RouteDefinition['grants'] = [
  'table:read',
  'table:write',
  'kms:decrypt:merchant-secrets',
  'kms:decrypt:wallet-keys',
  'kms:decrypt:card-data',
  'kms:encrypt:card-data',
  'queue:send:callbacks',
];
// The sandbox method's page completes an APM payment (vcard), or signs the sandbox provider's notification with its
// webhook secret (merchant-secrets key; made on first use, hence encrypt): no card, no wallet.
const methodPage: RouteDefinition['grants'] = [
  'table:read',
  'table:write',
  'kms:decrypt:merchant-secrets',
  'kms:encrypt:merchant-secrets',
  'queue:send:callbacks',
];

/** S2S APM (/post-va) and the sandbox method's page its REDIRECT answers point the payer to. */
export const s2sApmRoutes: RouteDefinition[] = [
  // brands applepay and googlepay verify the token with a module loaded on the first one (wallets/wallet-modules.ts).
  {
    id: 'S2sApmPost',
    method: 'POST',
    path: '/post-va',
    handler: 'functions/s2s-apm/post',
    grants,
    lazyModules: WALLET_MODULES,
    doc: { tag: 'S2S APM', summary: 'S2S APM: alternative payment methods by brand', auth: 'protocol-hash' },
  },
  // The page reads its merchant (framing policy), whose settings open with the merchant-secrets key.
  {
    id: 'S2sApmMethodPage',
    method: 'GET',
    path: '/post-va/redirect/{transId}',
    handler: 'functions/s2s-apm/method-page',
    grants: ['table:read', 'kms:decrypt:merchant-secrets'],
    ...pageText,
    doc: payerPage("The sandbox method's page (redirect_url of an APM REDIRECT answer)."),
  },
  {
    id: 'S2sApmMethodPagePost',
    method: 'POST',
    path: '/post-va/redirect/{transId}',
    handler: 'functions/s2s-apm/method-page',
    grants: methodPage,
    ...pageText,
    doc: payerPage("The payer's choice on the method page; returns to return_url."),
  },
];
