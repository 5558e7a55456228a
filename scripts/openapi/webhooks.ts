/**
 * The merchant callbacks (OpenAPI 3.1 `webhooks`): form-encoded POSTs to the notification URL, each signed twice —
 * the protocol `hash` (which covers ids and the order, not the outcome) and the platform's X-Callback-Signature HMAC.
 */
import { EVENT_ID_HEADER, SIGNATURE_HEADER } from '../../shared/protocol/callbacks/signature-header.js';
import { answerRef, CALLBACKS } from './answers.js';
import type { z } from 'zod';
import { NO_SCHEME } from './security.js';

const parameters = [
  {
    name: SIGNATURE_HEADER,
    in: 'header',
    required: true,
    description: 't=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>[,v1=…]',
    schema: { type: 'string' },
  },
  { name: EVENT_ID_HEADER, in: 'header', required: true, description: 'Stable across retries and replays.', schema: { type: 'string' } },
];

const BOTH_SIGNATURES =
  "Verify both: X-Callback-Signature (HMAC-SHA256 over `t.raw_body` with the merchant's signing secret; refuse a `t` more than 5 minutes off, " +
  'and accept any v1 during a rotation) and the protocol `hash` below. The hash alone does not cover the outcome: the payer holds the same hash ' +
  'from the return URL. Answer 2xx (or a body of OK); anything else is retried (5 s … 2 h, eight attempts). `verifyCallback` of @open-payments/node does both.';

/** fields: the callback's zod object, declared beside the builder that sends it (answers.ts CALLBACKS). */
function webhook(id: string, summary: string, hash: string, fields: z.ZodType) {
  return {
    post: {
      operationId: id,
      summary,
      description: `${BOTH_SIGNATURES}\n\nProtocol hash: ${hash}`,
      security: [],
      parameters,
      requestBody: {
        required: true,
        content: { 'application/x-www-form-urlencoded': { schema: answerRef(fields) } },
      },
      responses: {
        '200': { description: 'Delivered (any 2xx, or a body of OK).' },
        '4XX': { description: 'Not delivered: the platform retries (5 s, 30 s, 2 min, 10 min, 30 min, 1 h, 2 h), then dead-letters it.' },
      },
      'x-security-reason': NO_SCHEME.callback,
    },
  };
}

export const WEBHOOKS = {
  checkoutCallback: webhook(
    'CheckoutCallback',
    'Checkout and hosted-fields callback',
    'sha1(md5(upper(id . order_number . order_amount . order_currency . order_description . PASSWORD))).',
    CALLBACKS.checkout,
  ),
  s2sCardCallback: webhook(
    'S2sCardCallback',
    'S2S CARD callback',
    'Formula 2: md5(upper(strrev(payer_email) . PASSWORD . trans_id . strrev(first6 . last4))) of the payment; Formula 6 for CREDIT2CARD. The card is the masked `card` field (first 6, last 4).',
    CALLBACKS.s2sCard,
  ),
  s2sApmCallback: webhook(
    'S2sApmCallback',
    'S2S APM callback',
    "Every field but hash, each value strrev'd, keys sorted recursively (ksort), values concatenated, PASSWORD appended, md5(upper(…)); CREDIT2VIRTUAL: md5(upper(strrev(trans_id . order_id . status)) . PASSWORD).",
    CALLBACKS.s2sApm,
  ),
};
