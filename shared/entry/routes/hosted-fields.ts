import type { RouteDefinition, ScheduledDefinition } from './types.js';
import { CARD_PAYING, pageText, SESSION } from './shared-grants.js';

const pay = CARD_PAYING;
const session = SESSION;
// The iframe's card submission seals the card (card-data) for the merchant's processing call.
const sealing: RouteDefinition['grants'] = ['table:read', 'table:write', 'kms:decrypt:merchant-secrets', 'kms:encrypt:card-data'];
const page: RouteDefinition['grants'] = ['table:read', 'kms:decrypt:merchant-secrets'];

/** Hosted Payment Fields (session token, client script, processing, session update). */
export const hostedFieldsRoutes: RouteDefinition[] = [
  // Merchant backend: merchant_key + hash.
  {
    id: 'HostedFieldsSessionToken',
    method: 'POST',
    path: '/api/v1/session/token',
    handler: 'functions/hosted-fields/token',
    grants: session,
  },
  // Merchant backend with the session Token header.
  {
    id: 'HostedFieldsPurchase',
    method: 'POST',
    path: '/api/v1/processing/purchase/card',
    handler: 'functions/hosted-fields/processing',
    grants: pay,
    ...pageText,
  },
  {
    id: 'HostedFieldsDebit',
    method: 'POST',
    path: '/api/v1/processing/debit/card',
    handler: 'functions/hosted-fields/processing',
    grants: pay,
    ...pageText,
  },
  {
    id: 'HostedFieldsSessionUpdate',
    method: 'PUT',
    path: '/api/v1/session/update',
    handler: 'functions/hosted-fields/update',
    grants: session,
    ...pageText,
  },
  // The browser: client library, the iframes and their card submission (Token header), 3DS page, local demo.
  { id: 'HostedFieldsSdk', method: 'GET', path: '/sdk/hosted-fields.js', handler: 'functions/hosted-fields/sdk', grants: [] },
  {
    id: 'HostedFieldsFrame',
    method: 'GET',
    path: '/hosted-fields/frame/{field}',
    handler: 'functions/hosted-fields/frame',
    grants: page,
    ...pageText,
  },
  {
    id: 'HostedFieldsCardData',
    method: 'POST',
    path: '/hosted-fields/card-data',
    handler: 'functions/hosted-fields/card-data',
    grants: sealing,
    ...pageText,
  },
  {
    id: 'HostedFieldsThreeDsPage',
    method: 'GET',
    path: '/hosted-fields/3ds/{transId}',
    handler: 'functions/hosted-fields/three-ds',
    grants: page,
    ...pageText,
  },
  {
    id: 'HostedFieldsThreeDsSubmit',
    method: 'POST',
    path: '/hosted-fields/3ds/{transId}',
    handler: 'functions/hosted-fields/three-ds',
    grants: pay,
    ...pageText,
  },
  // A demo merchant page on the platform's own origin: sandbox stages only (a shop page has no place in production).
  {
    id: 'HostedFieldsDemo',
    method: 'GET',
    path: '/hosted-fields/demo',
    handler: 'functions/hosted-fields/demo',
    grants: [],
    sandboxOnly: true,
    ...pageText,
  },
];

/** Deletes sealed cards of abandoned sessions once their window passed (README: a card waits at most 15 minutes). */
export const hostedFieldsSchedules: ScheduledDefinition[] = [
  { id: 'SealedCardSweeper', everyMinutes: 1, handler: 'functions/hosted-fields/sweep-cards', grants: ['table:read', 'table:write'] },
];
