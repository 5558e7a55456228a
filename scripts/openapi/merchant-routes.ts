/**
 * The merchant API's operations (docs/merchant-api.md), by route id: a bearer API key, or signed with the merchant's
 * password in three headers (the two security schemes below), JSON answers, errors in the Checkout format.
 */
import type { z } from 'zod';
import type { RouteDefinition, RouteDoc } from '../../shared/entry/routes/index.js';
import { securityOf } from './security.js';
import { NEXT_CALLBACKS_QUERY } from '../../shared/operations/merchant-api/next-callbacks.js';
import { DELIVERY_LOG_QUERY } from '../../shared/operations/merchant-api/delivery-log.js';
import { SETTLEMENTS_QUERY } from '../../shared/operations/merchant-api/settlements.js';
import { REPORT_QUERY } from '../../shared/operations/merchant-api/transactions-report.js';
import type { QueryParam, QueryParams } from '../../shared/operations/merchant-api/query.js';
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

/** The query parameters as the operation declares and reads them (shared/operations/merchant-api/query.ts). */
const queryParameters = (params: QueryParams) =>
  Object.entries(params).map(([name, p]) => ({
    name,
    in: 'query',
    required: p.kind === 'instant' && !!p.required,
    description: p.about ?? (p.kind === 'int' ? `${p.min}..${p.max}, default ${p.default}.` : ''),
    schema: querySchema(p),
  }));

function querySchema(p: QueryParam): Schema {
  switch (p.kind) {
    case 'int':
      return { type: 'integer', minimum: p.min, maximum: p.max };
    case 'instant':
      return { type: 'string', format: 'date-time' };
    case 'choice':
      return { enum: [...p.values] };
    case 'text':
      return { type: 'string' };
  }
}

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

/** The operation of a merchant API route: its summary from the route's doc, the rest by its id (below). */
export function merchantApiOperation(route: RouteDefinition, doc: RouteDoc): Schema {
  const extra = OPERATIONS[route.id];
  if (!extra) throw new Error(`Merchant API route ${route.id} is not described: add it to scripts/openapi/merchant-routes.ts`);
  return {
    operationId: route.id,
    tags: [doc.tag],
    summary: doc.summary,
    description: `${SIGNED} ${BEARER}`,
    security: securityOf(doc.auth, route.method).security,
    ...(route.sandboxOnly ? { 'x-sandbox-only': true } : {}),
    ...extra,
  };
}

const OPERATIONS: Record<string, Schema> = {
  MerchantPayment: {
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
  MerchantCallbacks: {
    parameters: queryParameters(DELIVERY_LOG_QUERY),
    responses: {
      '200': {
        description: 'The log.',
        content: json(answer(DeliveryLogAnswer)),
      },
      ...errors,
    },
  },
  MerchantCallbacksNext: {
    parameters: queryParameters(NEXT_CALLBACKS_QUERY),
    responses: {
      '200': {
        description: 'Events since the cursor (the last minute before it again: drop repeats by event_id + attempt) and the next cursor.',
        content: json(answer(CallbacksNextAnswer)),
      },
      ...errors,
    },
  },
  MerchantBalance: {
    responses: {
      '200': {
        description: 'Your payable per currency over every journal so far, settled or not, and the reserve held beside it.',
        content: json(answer(BalanceAnswer)),
      },
      ...errors,
    },
  },
  MerchantSettlements: {
    parameters: queryParameters(SETTLEMENTS_QUERY),
    responses: {
      '200': {
        description: 'A page of batches.',
        content: json(answer(SettlementsAnswer)),
      },
      ...errors,
    },
  },
  MerchantSettlement: {
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
  },
  MerchantTransactionsReport: {
    parameters: queryParameters(REPORT_QUERY),
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
  },
  MerchantClock: {
    responses: { '200': { description: 'The clock.', content: json(ref('MerchantClock')) }, ...errors },
  },
  MerchantClockMove: {
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
  },
};
