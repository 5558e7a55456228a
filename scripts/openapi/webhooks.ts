/**
 * The merchant callbacks (OpenAPI 3.1 `webhooks`): form-encoded POSTs to the notification URL, each signed twice —
 * the protocol `hash` (which covers ids and the order, not the outcome) and the platform's X-Callback-Signature HMAC.
 */
import { EVENT_ID_HEADER, SIGNATURE_HEADER } from '../../shared/protocol/callbacks/signature-header.js';

const parameters = [
  { name: SIGNATURE_HEADER, in: 'header', required: true, description: 't=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>[,v1=…]', schema: { type: 'string' } },
  { name: EVENT_ID_HEADER, in: 'header', required: true, description: 'Stable across retries and replays.', schema: { type: 'string' } },
];

const BOTH_SIGNATURES =
  'Verify both: X-Callback-Signature (HMAC-SHA256 over `t.raw_body` with the merchant\'s signing secret; refuse a `t` more than 5 minutes off, ' +
  'and accept any v1 during a rotation) and the protocol `hash` below. The hash alone does not cover the outcome: the payer holds the same hash ' +
  'from the return URL. Answer 2xx (or a body of OK); anything else is retried (5 s … 2 h, eight attempts). `verifyCallback` of @open-payments/node does both.';

function webhook(id: string, summary: string, hash: string, required: string[], properties: Record<string, unknown>) {
  return {
    post: {
      operationId: id,
      summary,
      description: `${BOTH_SIGNATURES}\n\nProtocol hash: ${hash}`,
      security: [],
      parameters,
      requestBody: {
        required: true,
        content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', required: [...required, 'hash'], additionalProperties: true, properties: { ...properties, hash: { type: 'string' } } } } },
      },
      responses: {
        '200': { description: 'Delivered (any 2xx, or a body of OK).' },
        '4XX': { description: 'Not delivered: the platform retries (5 s, 30 s, 2 min, 10 min, 30 min, 1 h, 2 h), then dead-letters it.' },
      },
    },
  };
}

const s = { type: 'string' };

export const WEBHOOKS = {
  checkoutCallback: webhook(
    'CheckoutCallback',
    'Checkout and hosted-fields callback',
    'sha1(md5(upper(id . order_number . order_amount . order_currency . order_description . PASSWORD))).',
    ['id', 'order_number', 'order_amount', 'order_currency', 'order_description', 'order_status', 'type', 'status'],
    {
      id: s, order_number: s, order_amount: s, order_currency: s, order_description: s,
      order_status: { type: 'string', enum: ['prepare', 'settled', 'pending', '3ds', 'redirect', 'decline', 'refund', 'reversal', 'void', 'chargeback'] },
      type: { type: 'string', enum: ['sale', '3ds', 'redirect', 'capture', 'refund', 'void', 'recurring', 'debit', 'credit', 'transfer', 'chargeback'] },
      status: { type: 'string', enum: ['success', 'fail', 'waiting', 'undefined'] },
      reason: s, card: s, card_expiration_date: s, card_token: s, recurring_token: s, date: s,
    },
  ),
  s2sCardCallback: webhook(
    'S2sCardCallback',
    'S2S CARD callback',
    "Formula 2: md5(upper(strrev(payer_email) . PASSWORD . trans_id . strrev(first6 . last4))) of the payment; Formula 6 for CREDIT2CARD. The card is the masked `card` field (first 6, last 4).",
    ['action', 'result', 'status', 'order_id', 'trans_id'],
    { action: s, result: s, status: s, order_id: s, trans_id: s, trans_date: s, amount: s, currency: s, decline_reason: s, card: s, card_expiration_date: s, brand: s, card_token: s, recurring_token: s },
  ),
  s2sApmCallback: webhook(
    'S2sApmCallback',
    'S2S APM callback',
    'Every field but hash, each value strrev\'d, keys sorted recursively (ksort), values concatenated, PASSWORD appended, md5(upper(…)); CREDIT2VIRTUAL: md5(upper(strrev(trans_id . order_id . status)) . PASSWORD).',
    ['action', 'result', 'status', 'order_id', 'trans_id'],
    { action: s, result: s, status: s, order_id: s, trans_id: s, trans_date: s, amount: s, currency: s, brand: s, decline_reason: s },
  ),
};
