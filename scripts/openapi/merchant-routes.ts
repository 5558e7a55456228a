/**
 * The merchant API's operations (docs/merchant-api.md), by route id: a bearer API key, or signed with the merchant's
 * password in three headers (the two security schemes below), JSON answers, errors in the Checkout format.
 */
import type { RouteDefinition } from '../../shared/routes/index.js';
import { MAX_WAIT_SECONDS } from '../../shared/operations/merchant-api/next-callbacks.js';

type Schema = Record<string, unknown>;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: Schema) => ({ 'application/json': { schema } });
const nullable = (type: string) => ({ type: [type, 'null'] });

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

const deliveryLogEntry: Schema = {
  type: 'object',
  required: ['event_id', 'trans_id', 'seq', 'type', 'status', 'delivery', 'attempts', 'last_answer', 'created_at'],
  properties: {
    event_id: { type: 'string' },
    trans_id: { type: 'string' },
    seq: { type: 'integer' },
    type: { ...nullable('string'), description: "The callback's action (S2S) or type (Checkout): SALE, CAPTURE, sale, refund, …" },
    status: { ...nullable('string'), description: 'The status it reported.' },
    url: { type: 'string' },
    delivery: { enum: ['PENDING', 'HELD', 'DELIVERED', 'FAILED'] },
    attempts: { type: 'integer' },
    last_answer: {
      type: ['object', 'null'],
      properties: {
        at: { type: 'string', format: 'date-time' },
        http_status: nullable('integer'),
        error: nullable('string'),
        latency_ms: { type: 'integer' },
      },
    },
    created_at: { type: 'string', format: 'date-time' },
    next_attempt_at: nullable('string'),
    delivered_at: nullable('string'),
    failed_at: nullable('string'),
  },
};

const callbackEvent: Schema = {
  type: 'object',
  required: ['event_id', 'trans_id', 'seq', 'attempt', 'at', 'outcome', 'request'],
  properties: {
    event_id: { type: 'string' },
    trans_id: { type: 'string' },
    seq: { type: 'integer' },
    attempt: { type: 'integer' },
    at: { type: 'string', format: 'date-time' },
    outcome: { enum: ['DELIVERED', 'FAILED'] },
    http_status: nullable('integer'),
    error: nullable('string'),
    latency_ms: { type: 'integer' },
    type: nullable('string'),
    status: nullable('string'),
    request: {
      type: 'object',
      description:
        'The POST this attempt sent: form body and headers (X-Callback-Event-Id, and the X-Callback-Signature it was sent with, its timestamp the time of that POST; absent for attempts logged before signatures were kept).',
      properties: {
        url: { type: 'string' },
        headers: { type: 'object', additionalProperties: { type: 'string' } },
        body: { type: 'string' },
      },
    },
  },
};

const amountText = { type: 'string', description: 'Decimal in the currency\'s minor-unit precision, e.g. "10.00".' };
const paymentView: Schema = {
  type: 'object',
  required: [
    'trans_id',
    'order_id',
    'action',
    'status',
    'amount',
    'captured_amount',
    'refunded_amount',
    'currency',
    'card',
    'decline_reason',
    'created_at',
    'updated_at',
    'transactions',
  ],
  properties: {
    trans_id: { type: 'string' },
    order_id: { type: 'string' },
    action: { type: 'string', description: 'The action that created the payment: SALE, DEBIT, CREDIT2CARD, …' },
    status: { type: 'string' },
    amount: amountText,
    captured_amount: amountText,
    refunded_amount: amountText,
    currency: { type: 'string' },
    card: { ...nullable('string'), description: 'Masked: first six and last four digits.' },
    decline_reason: nullable('string'),
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
    transactions: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          type: { type: 'string' },
          status: { enum: ['success', 'waiting', 'fail'] },
          amount: amountText,
          date: { type: 'string', format: 'date-time' },
          decline_reason: nullable('string'),
        },
      },
    },
  },
};

const clockView: Schema = {
  type: 'object',
  properties: {
    client_key: { type: 'string' },
    now: { type: 'string', format: 'date-time', description: "The time the rules of this merchant's objects read." },
    real_now: { type: 'string', format: 'date-time' },
    offset_ms: { type: 'integer' },
    offset: { type: 'string' },
  },
};

const minor = (description: string) => ({ type: 'integer', description: `${description} Integer minor units of the currency.` });

const settlementView: Schema = {
  type: 'object',
  required: [
    'id',
    'date',
    'currency',
    'gross',
    'refunds',
    'chargebacks',
    'chargebacks_reversed',
    'payouts',
    'fees',
    'net',
    'reserve_held',
    'reserve_released',
    'net_payable',
    'journals',
    'closed_at',
  ],
  properties: {
    id: { type: 'string', description: '<client_key>_<YYYY-MM-DD>_<CUR>' },
    date: {
      type: 'string',
      format: 'date',
      description: 'The day of your clock whose journals the batch took (by when they were journaled).',
    },
    currency: { type: 'string' },
    gross: minor('Captured.'),
    refunds: minor('Refunds, reversals after capture and voids.'),
    chargebacks: minor('Chargebacks.'),
    chargebacks_reversed: minor('Chargebacks reversed (disputes you won): their money back.'),
    payouts: minor('Payouts you funded (CREDIT2CARD, APM payouts).'),
    fees: minor("The platform's fees."),
    net: minor(
      "gross − refunds − chargebacks + chargebacks_reversed − payouts − fees: the day's change of what the platform owes you (negative: you owe).",
    ),
    reserve_held: minor("The rolling reserve held back from this batch (your reserve's percent of gross; 0 without one)."),
    reserve_released: minor('The reserve an earlier batch held, released into this one after its days.'),
    net_payable: minor('net − reserve_held + reserve_released: what this batch pays you.'),
    journals: { type: 'integer' },
    closed_at: { type: 'string', format: 'date-time' },
  },
};

const transactionRow: Schema = {
  type: 'object',
  properties: {
    trans_id: { type: 'string' },
    entry_id: { type: 'string', description: "The payment's transaction that moved the money." },
    event: { type: 'string', description: 'SALE, CAPTURE, REFUND, REVERSAL, VOID, CREDIT2CARD, CHARGEBACK, …' },
    kind: { enum: ['capture', 'refund', 'void', 'payout', 'chargeback'] },
    currency: { type: 'string' },
    amount: minor('The movement.'),
    fee: minor('Its fee.'),
    net: minor('Its change of what the platform owes you: + for a capture, − for the rest and every fee.'),
    mid_id: { type: 'string' },
    occurred_at: { type: 'string', format: 'date-time' },
    journaled_at: { type: 'string', format: 'date-time', description: 'On your clock: the day whose settlement batch takes it.' },
    settlement_id: { type: 'string' },
    settlement_status: { enum: ['closed', 'pending'] },
  },
};

export const MERCHANT_API_SCHEMAS: Record<string, Schema> = {
  MerchantPayment: paymentView,
  MerchantDeliveryLogEntry: deliveryLogEntry,
  MerchantCallbackEvent: callbackEvent,
  MerchantClock: clockView,
  MerchantSettlement: settlementView,
  MerchantTransaction: transactionRow,
};

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
          content: json({ type: 'object', properties: { callbacks: { type: 'array', items: ref('MerchantDeliveryLogEntry') } } }),
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
          content: json({
            type: 'object',
            required: ['events', 'cursor'],
            properties: { events: { type: 'array', items: ref('MerchantCallbackEvent') }, cursor: { type: 'string' } },
          }),
        },
        ...errors,
      },
    }),
  MerchantBalance: (route) =>
    op(route, 'What the platform owes you, per currency (any of your keys)', {
      responses: {
        '200': {
          description: 'Your payable per currency over every journal so far, settled or not.',
          content: json({
            type: 'object',
            properties: {
              balances: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: { currency: { type: 'string' }, payable: minor('Credits − debits.'), journals: { type: 'integer' } },
                },
              },
            },
          }),
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
          content: json({
            type: 'object',
            properties: { settlements: { type: 'array', items: ref('MerchantSettlement') }, next_cursor: nullable('string') },
          }),
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
            ...json({
              type: 'object',
              properties: { transactions: { type: 'array', items: ref('MerchantTransaction') }, next_cursor: nullable('string') },
            }),
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
