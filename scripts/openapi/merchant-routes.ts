/**
 * The merchant API's operations (docs/merchant-api.md), by route id: a bearer API key, or signed with the merchant's
 * password in three headers (the two security schemes below), JSON answers, errors in the Checkout format.
 */
import type { z } from 'zod';
import type { RouteDefinition } from '../../shared/entry/routes/index.js';
import { MAX_WAIT_SECONDS } from '../../shared/operations/merchant-api/next-callbacks.js';
import {
  BalanceAnswer,
  CallbacksNextAnswer,
  DeliveryLogAnswer,
  MERCHANT_API_COMPONENTS,
  SettlementsAnswer,
  TransactionsPage,
} from '../../shared/protocol/merchant-api/answers.js';
import { componentsOf, jsonSchemaOf } from './zod-schema.js';

type Schema = Record<string, unknown>;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: Schema) => ({ 'application/json': { schema } });

const SIGNED =
  'X-Signature = hex(HMAC-SHA256(password, METHOD "\\n" PATH "\\n" QUERY "\\n" X-Timestamp "\\n" BODY)); QUERY as sent without "?", BODY empty for GET. A wrong signature, a timestamp more than 300 s off and an unknown X-Client-Key get the same 401.';

const BEARER =
  'Or Authorization: Bearer <API key> (sk_… secret, rk_… read-only: created with `npm run admin -- keys create` or in the console). An unknown, revoked or malformed key gets 401 "API key is not valid."';

const errors = {
  '400': { description: 'Invalid query or body (error_code 100000, "<field>: <message>").', content: json(ref('CheckoutError')) },
  '401': {
    description:
      'Signature is not valid (missing headers, unknown client key, wrong signature or stale timestamp: the same answer), or API key is not valid (unknown, revoked or malformed).',
    content: json(ref('CheckoutError')),
  },
};

/** A route that moves money or a clock: a read-only key is refused. */
const forbidden = {
  '403': {
    description:
      'A read-only API key (rk_…) on a route that changes something: "This API key is read-only: it cannot move money or a clock."',
    content: json(ref('CheckoutError')),
  },
};

const query = (name: string, description: string, schema: Schema) => ({ name, in: 'query', required: false, description, schema });

/** The answers' shapes, declared once beside the operations that build them (shared/protocol/merchant-api/answers.ts). */
export const MERCHANT_API_SCHEMAS: Record<string, Schema> = componentsOf(MERCHANT_API_COMPONENTS, 'input');
const answer = (schema: z.ZodType) => jsonSchemaOf(schema, MERCHANT_API_COMPONENTS, 'input');

export const MERCHANT_API_SECURITY = {
  MerchantSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Signature',
    description: `With X-Client-Key and X-Timestamp (Unix seconds). ${SIGNED}`,
  },
  MerchantApiKey: {
    type: 'http',
    scheme: 'bearer',
    description:
      'A merchant API key: sk_live_…/sk_test_… (secret) or rk_live_…/rk_test_… (read-only: reads only, 403 on a route that moves money or a clock).',
  },
};

const op = (route: RouteDefinition, summary: string, extra: Schema): Schema => ({
  operationId: route.id,
  tags: ['Merchant API'],
  summary,
  description: `${SIGNED} ${BEARER}`,
  security: [{ MerchantApiKey: [] }, { MerchantSignature: [] }],
  ...(route.sandboxOnly ? { 'x-sandbox-only': true } : {}),
  ...extra,
});

export const MERCHANT_API_OPERATIONS: Record<string, (route: RouteDefinition) => Schema> = {
  MerchantPayment: (route) =>
    op(
      route,
      'One of your payments (any of your keys, read-only included): amounts, status, masked card, its transactions; never a token',
      {
        parameters: [{ name: 'transId', in: 'path', required: true, description: "The payment's trans_id.", schema: { type: 'string' } }],
        responses: {
          '200': { description: 'The payment.', content: json(ref('MerchantPayment')) },
          ...errors,
          '400': {
            description:
              'No payment of yours with this trans_id (another merchant\'s is answered the same), as the protocol answers a lookup: error_code 101000 "Transaction does not exist."',
            content: json(ref('CheckoutError')),
          },
        },
      },
    ),
  MerchantCallbacks: (route) =>
    op(route, 'Your delivery log: one entry per callback, newest first by latest attempt', {
      parameters: [
        query('since', 'Only callbacks whose latest attempt is at or after this instant (ISO 8601).', {
          type: 'string',
          format: 'date-time',
        }),
        query('limit', '1..100, default 50.', { type: 'integer', minimum: 1, maximum: 100 }),
      ],
      responses: {
        '200': {
          description: 'The log.',
          content: json(answer(DeliveryLogAnswer)),
        },
        ...errors,
      },
    }),
  MerchantCallbacksNext: (route) =>
    op(route, 'Your callbacks as they are sent: one event per delivery attempt, oldest first (long poll)', {
      parameters: [
        query('after', 'The cursor of the previous answer; without it the feed starts now.', { type: 'string' }),
        query('wait', `Seconds to wait for something new (0..${MAX_WAIT_SECONDS}, default 0).`, {
          type: 'integer',
          minimum: 0,
          maximum: MAX_WAIT_SECONDS,
        }),
        query('limit', '1..100, default 100.', { type: 'integer', minimum: 1, maximum: 100 }),
      ],
      responses: {
        '200': {
          description: 'Events since the cursor (the last minute before it again: drop repeats by event_id + attempt) and the next cursor.',
          content: json(answer(CallbacksNextAnswer)),
        },
        ...errors,
      },
    }),
  MerchantBalance: (route) =>
    op(route, 'What the platform owes you, per currency (any of your keys)', {
      responses: {
        '200': {
          description: 'Your payable per currency over every journal so far, settled or not, and the reserve held beside it.',
          content: json(answer(BalanceAnswer)),
        },
        ...errors,
      },
    }),
  MerchantSettlements: (route) =>
    op(route, 'Your daily settlement batches, newest day first', {
      parameters: [
        query('limit', '1..100, default 30.', { type: 'integer', minimum: 1, maximum: 100 }),
        query('cursor', 'next_cursor of the previous page.', { type: 'string' }),
      ],
      responses: {
        '200': {
          description: 'A page of batches.',
          content: json(answer(SettlementsAnswer)),
        },
        ...errors,
      },
    }),
  MerchantSettlement: (route) =>
    op(route, 'One of your settlement batches', {
      parameters: [{ name: 'id', in: 'path', required: true, description: 'The batch id.', schema: { type: 'string' } }],
      responses: {
        '200': { description: 'The batch.', content: json(ref('MerchantSettlement')) },
        ...errors,
        '400': {
          description:
            'No batch of yours with this id (another merchant\'s is answered the same): "Settlement not found.", or an invalid query.',
          content: json(ref('CheckoutError')),
        },
      },
    }),
  MerchantTransactionsReport: (route) =>
    op(route, 'Every payment, refund, payout and chargeback journaled in [from, to), with its fee and settlement batch; JSON or CSV', {
      parameters: [
        { ...query('from', 'ISO 8601 instant, inclusive (by journaled_at).', { type: 'string', format: 'date-time' }), required: true },
        { ...query('to', 'ISO 8601 instant, exclusive.', { type: 'string', format: 'date-time' }), required: true },
        query('format', 'json (default) or csv.', { enum: ['json', 'csv'] }),
        query('limit', 'Rows per page, 1..1000, default 500.', { type: 'integer', minimum: 1, maximum: 1000 }),
        query('cursor', 'next_cursor (JSON) or the X-Next-Cursor header (CSV) of the previous page.', { type: 'string' }),
      ],
      responses: {
        '200': {
          description:
            "A page of rows, oldest first. CSV: a header line and one line per row (the JSON fields, in order); the next page's cursor in the X-Next-Cursor header, absent on the last page.",
          headers: { 'X-Next-Cursor': { description: "CSV only: the next page's cursor.", schema: { type: 'string' } } },
          content: {
            ...json(answer(TransactionsPage)),
            'text/csv': { schema: { type: 'string' } },
          },
        },
        ...errors,
      },
    }),
  MerchantClock: (route) =>
    op(route, 'Your test clock (sandbox stages only)', {
      responses: { '200': { description: 'The clock.', content: json(ref('MerchantClock')) }, ...errors },
    }),
  MerchantClockMove: (route) =>
    op(route, 'Move your test clock: {"advance_by":"14d"}, {"set":"2027-01-31T00:00:00Z"} or {"reset":true} (sandbox stages only)', {
      requestBody: {
        required: true,
        content: json({
          type: 'object',
          properties: {
            advance_by: { type: 'string', examples: ['14d', '1w2d', '36h'] },
            set: { type: 'string', format: 'date-time' },
            reset: { const: true },
          },
          description: 'Exactly one of advance_by, set, reset.',
        }),
      },
      responses: { '200': { description: 'The clock after the move.', content: json(ref('MerchantClock')) }, ...errors, ...forbidden },
    }),
};
