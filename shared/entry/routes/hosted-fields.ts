import { payerPage, type RouteDefinition, type RouteDoc, type ScheduledDefinition } from './types.js';
import { CARD_PAYING, pageText, SESSION } from './shared-grants.js';

const pay = CARD_PAYING;
const session = SESSION;
// The iframe's card submission seals the card (card-data) for the merchant's processing call.
const sealing: RouteDefinition['grants'] = ['table:read', 'table:write', 'kms:decrypt:merchant-secrets', 'kms:encrypt:card-data'];
const page: RouteDefinition['grants'] = ['table:read', 'kms:decrypt:merchant-secrets'];
const processing = (kind: string): RouteDoc => ({
  tag: 'Hosted fields',
  summary: `Pay with the card the payer submitted in the hosted fields (${kind})`,
  auth: 'session-token',
});

/** Hosted Payment Fields (session token, client script, processing, session update). */
export const hostedFieldsRoutes: RouteDefinition[] = [
  // Merchant backend: merchant_key + hash.
  {
    id: 'HostedFieldsSessionToken',
    method: 'POST',
    path: '/api/v1/session/token',
    handler: 'functions/hosted-fields/token',
    grants: session,
    doc: { tag: 'Hosted fields', summary: 'Create a hosted-fields session: its Token', auth: 'protocol-hash' },
  },
  // Merchant backend with the session Token header.
  {
    id: 'HostedFieldsPurchase',
    method: 'POST',
    path: '/api/v1/processing/purchase/card',
    handler: 'functions/hosted-fields/processing',
    grants: pay,
    ...pageText,
    doc: processing('purchase'),
  },
  {
    id: 'HostedFieldsDebit',
    method: 'POST',
    path: '/api/v1/processing/debit/card',
    handler: 'functions/hosted-fields/processing',
    grants: pay,
    ...pageText,
    doc: processing('debit'),
  },
  {
    id: 'HostedFieldsSessionUpdate',
    method: 'PUT',
    path: '/api/v1/session/update',
    handler: 'functions/hosted-fields/update',
    grants: session,
    ...pageText,
    doc: {
      tag: 'Hosted fields',
      summary: 'Change the session before the payment (amount, currency, flags, objects)',
      auth: 'session-token',
    },
  },
  // The browser: client library, the iframes and their card submission (Token header), 3DS page, local demo.
  {
    id: 'HostedFieldsSdk',
    method: 'GET',
    path: '/sdk/hosted-fields.js',
    handler: 'functions/hosted-fields/sdk',
    grants: [],
    doc: { tag: 'Payer pages', summary: 'The hosted payment fields client library.', auth: 'public', answers: 'text/javascript' },
  },
  {
    id: 'HostedFieldsFrame',
    method: 'GET',
    path: '/hosted-fields/frame/{field}',
    handler: 'functions/hosted-fields/frame',
    grants: page,
    ...pageText,
    doc: payerPage('One hosted field (card number, expiry, CVV) in an iframe.'),
  },
  {
    id: 'HostedFieldsCardData',
    method: 'POST',
    path: '/hosted-fields/card-data',
    handler: 'functions/hosted-fields/card-data',
    grants: sealing,
    ...pageText,
    doc: {
      tag: 'Payer pages',
      summary: 'The iframes submit the card (header Token); the merchant never sees it.',
      auth: 'session-token',
      answers: 'application/json',
      sends: 'application/json',
    },
  },
  {
    id: 'HostedFieldsThreeDsPage',
    method: 'GET',
    path: '/hosted-fields/3ds/{transId}',
    handler: 'functions/hosted-fields/three-ds',
    grants: page,
    ...pageText,
    doc: payerPage('The 3DS page of a hosted-fields payment.'),
  },
  {
    id: 'HostedFieldsThreeDsSubmit',
    method: 'POST',
    path: '/hosted-fields/3ds/{transId}',
    handler: 'functions/hosted-fields/three-ds',
    grants: pay,
    ...pageText,
    doc: payerPage("The payer's 3DS answer; returns to return_url."),
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
    doc: payerPage('A demo merchant page with hosted fields (sandbox stages only).'),
  },
];

/** Deletes sealed cards of abandoned sessions once their window passed (README: a card waits at most 15 minutes). */
export const hostedFieldsSchedules: ScheduledDefinition[] = [
  { id: 'SealedCardSweeper', everyMinutes: 1, handler: 'functions/hosted-fields/sweep-cards', grants: ['table:read', 'table:write'] },
];
