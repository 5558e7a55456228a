/**
 * The OpenAPI 3.1 document of every public route, generated from the code that serves it:
 * - paths come from the route table (shared/entry/routes), so a new route without a description fails generation;
 * - S2S CARD / S2S APM action bodies are the fields each action declares (`fields`, shared/protocol/form-spec.ts):
 *   required or not, lengths, patterns and choices the platform validates; the Checkout operation bodies are the
 *   fields each operation declares (checkout-bodies.ts);
 * - the Checkout session and hosted-fields processing bodies are zod 4's JSON Schema of the handlers' zod schemas.
 * - answers are the zod objects their response builders return (answers.ts);
 * Callbacks and page routes are described in prose and small shared schemas (wire shapes of error-wire.ts).
 */
import { ROUTES, type RouteDefinition } from '../../shared/entry/routes/index.js';
import { fieldsToSchema, type JsonSchema } from './fields-to-schema.js';
import {
  hostedFieldsProcessingBody,
  hostedFieldsTokenAnswer,
  hostedFieldsTokenBody,
  hostedFieldsUpdateBody,
  sessionBody,
} from './json-bodies.js';
import { specReads } from './spec-reads.js';
import type { FormSpec } from '../../shared/protocol/form-spec.js';
import { S2S_CARD_ACTIONS } from '../../shared/operations/s2s-card/index.js';
import { S2S_APM_ACTIONS } from '../../shared/operations/s2s-apm/index.js';
import { checkoutBody } from './checkout-bodies.js';
import { CHECKOUT_HASH, S2S_APM_HASH, S2S_CARD_HASH, SHA256_NOTE } from './hash-recipes.js';
import { PAGE_ROUTES } from './page-routes.js';
import { WEBHOOKS } from './webhooks.js';
import { MERCHANT_API_OPERATIONS, MERCHANT_API_SCHEMAS, MERCHANT_API_SECURITY } from './merchant-routes.js';
import { answerComponents, answerRef, CHECKOUT_ANSWERS, S2S_APM_ANSWERS, S2S_CARD_ANSWERS } from './answers.js';
import type { z } from 'zod';
import { finishDocument, type OpenApiDocument } from './finish.js';

type Operation = Record<string, unknown>;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
const form = (schema: JsonSchema) => ({ 'application/x-www-form-urlencoded': { schema } });
const pascal = (s: string) => s.toLowerCase().replace(/(^|_)([a-z0-9])/g, (_m, _u, c: string) => c.toUpperCase());

/** Read by the S2S endpoint itself before the action runs (shared/entry/http/s2s.ts), not by the action. */
const s2sEnvelope = (action: string): Record<string, JsonSchema> => ({
  action: { type: 'string', const: action },
  client_key: { type: 'string', description: 'The merchant key.' },
});

/** Read by checkoutMerchant (shared/operations/checkout/merchant.ts) before the operation authenticates. */
const merchantKey: Record<string, JsonSchema> = { merchant_key: { type: 'string', description: 'The merchant key.' } };

function actionSchemas(
  prefix: string,
  actions: ReadonlyMap<string, { fields: FormSpec }>,
  recipes: Record<string, string>,
): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const [action, { fields }] of actions) {
    const recipe = recipes[action];
    if (!recipe) throw new Error(`No hash recipe for ${prefix} ${action}: add it to scripts/openapi/hash-recipes.ts`);
    out[`${prefix}${pascal(action)}Request`] = {
      title: `${action} request`,
      description: `hash: ${recipe}`,
      ...fieldsToSchema(specReads(fields), s2sEnvelope(action), ['action', 'client_key']),
    };
  }
  return out;
}

function s2sOperation(route: RouteDefinition, tag: string, schemas: string[], summary: string, answers: z.ZodType[]): Operation {
  const mapping = Object.fromEntries(
    schemas.map((s) => [
      (SCHEMAS_BY_NAME.get(s)!.properties as Record<string, { const: string }>).action!.const,
      `#/components/schemas/${s}`,
    ]),
  );
  return {
    operationId: route.id,
    tags: [tag],
    summary,
    description: `One endpoint, one request body per \`action\` (form-encoded, nested fields in bracket notation). ${SHA256_NOTE}`,
    security: [],
    requestBody: {
      required: true,
      content: form({ oneOf: schemas.map(ref), discriminator: { propertyName: 'action', mapping } }),
    },
    responses: {
      '200': {
        description: "The action's answer: `result` SUCCESS, DECLINED, REDIRECT, ACCEPTED or UNDEFINED.",
        content: json({ anyOf: answers.map(answerRef) }),
      },
      '400': { description: 'Refused: validation (error_code 100000), wrong hash, business rule.', content: json(ref('S2sError')) },
      '409': {
        description: 'An identical request is still running: send the same body again after a moment.',
        content: json(ref('S2sError')),
      },
    },
  };
}

const SCHEMAS_BY_NAME = new Map<string, JsonSchema>();

function checkoutAnswer(path: string): JsonSchema {
  const schema = CHECKOUT_ANSWERS[path];
  if (!schema) throw new Error(`No answer schema for ${path}: add it to scripts/openapi/answers.ts`);
  // payment/status with `size` answers a list of the latest attempts.
  return path === '/api/v1/payment/status'
    ? { anyOf: [answerRef(schema), { type: 'array', items: answerRef(schema) }] }
    : answerRef(schema);
}

export async function buildOpenApi(): Promise<Record<string, unknown>> {
  SCHEMAS_BY_NAME.clear();
  const card = actionSchemas('S2sCard', S2S_CARD_ACTIONS, S2S_CARD_HASH);
  const apm = actionSchemas('S2sApm', S2S_APM_ACTIONS, S2S_APM_HASH);
  for (const [k, v] of Object.entries({ ...card, ...apm })) SCHEMAS_BY_NAME.set(k, v);

  const jsonApi = (route: RouteDefinition, tag: string, summary: string, body: JsonSchema, opts: { token?: boolean } = {}): Operation => ({
    operationId: route.id,
    tags: [tag],
    summary,
    ...(CHECKOUT_HASH[route.path] ? { description: `hash: ${CHECKOUT_HASH[route.path]} ${SHA256_NOTE}` } : {}),
    security: [],
    ...(opts.token ? { parameters: [{ $ref: '#/components/parameters/SessionToken' }] } : {}),
    requestBody: { required: true, content: json(body) },
    responses: {
      // The token and update answers are described where those routes are (below).
      '200': {
        description: 'Done.',
        content: json(route.path.startsWith('/api/v1/session/') ? { type: 'object' } : checkoutAnswer(route.path)),
      },
      '400': { description: 'Refused (validation, wrong hash, business rule).', content: json(ref('CheckoutError')) },
      ...(opts.token ? { '401': { description: 'Invalid or expired session Token.' } } : {}),
    },
  });

  const paths: Record<string, Record<string, Operation>> = {};
  for (const route of ROUTES) {
    const op = operationFor(route);
    (paths[route.path] ??= {})[route.method.toLowerCase()] = op;
  }

  function operationFor(route: RouteDefinition): Operation {
    switch (route.path) {
      case '/post':
      case '/v2/post':
        return s2sOperation(
          route,
          'S2S CARD',
          Object.keys(card),
          route.path === '/post' ? 'S2S CARD (redirect_params as an object)' : 'S2S CARD (redirect_params as a [{name, value}] list)',
          S2S_CARD_ANSWERS,
        );
      case '/post-va':
        return s2sOperation(route, 'S2S APM', Object.keys(apm), 'S2S APM: alternative payment methods by brand', S2S_APM_ANSWERS);
      case '/api/v1/session':
        return jsonApi(route, 'Checkout', 'Create a Checkout session: redirect_url of the hosted payment page', sessionBody());
      case '/api/v1/session/token':
        return {
          ...jsonApi(route, 'Hosted fields', 'Create a hosted-fields session: its Token', hostedFieldsTokenBody()),
          responses: {
            '200': {
              description: 'The session Token.',
              content: json(hostedFieldsTokenAnswer()),
            },
            '400': { description: 'Invalid request.', content: json(ref('CheckoutError')) },
            '401': { description: 'Wrong merchant_key or hash (the same answer for both).', content: json(ref('CheckoutError')) },
          },
        };
      case '/api/v1/processing/purchase/card':
      case '/api/v1/processing/debit/card':
        return jsonApi(
          route,
          'Hosted fields',
          `Pay with the card the payer submitted in the hosted fields (${route.path.split('/')[4]})`,
          hostedFieldsProcessingBody(),
          { token: true },
        );
      case '/api/v1/session/update':
        return {
          ...jsonApi(
            route,
            'Hosted fields',
            'Change the session before the payment (amount, currency, flags, objects)',
            hostedFieldsUpdateBody(),
            { token: true },
          ),
          responses: {
            '200': { description: 'Updated.', content: json({ type: 'object', additionalProperties: true }) },
            '400': { description: 'Refused.', content: json(ref('CheckoutError')) },
            '403': { description: 'Invalid or expired Token (HTML body).', content: { 'text/html': { schema: { type: 'string' } } } },
          },
        };
    }
    const body = checkoutBody(route.path);
    if (body) {
      return jsonApi(
        route,
        'Checkout',
        `Checkout operation: ${route.path.replace('/api/v1/payment/', '')}`,
        fieldsToSchema(body, merchantKey, ['merchant_key']),
      );
    }
    const merchantApi = MERCHANT_API_OPERATIONS[route.id];
    if (merchantApi) return merchantApi(route);
    const page = PAGE_ROUTES[route.id];
    if (!page)
      throw new Error(`Route ${route.id} (${route.method} ${route.path}) is not described: add it to scripts/openapi/page-routes.ts`);
    const params = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    return {
      operationId: route.id,
      tags: [page.tag],
      summary: page.summary,
      security: [],
      ...(route.sandboxOnly ? { 'x-sandbox-only': true } : {}),
      ...(params.length ? { parameters: params } : {}),
      ...(route.method !== 'GET'
        ? {
            requestBody: {
              content: {
                [page.requestType ?? 'application/x-www-form-urlencoded']: {
                  schema: page.requestSchema ?? { type: 'object', additionalProperties: true },
                },
              },
            },
          }
        : {}),
      responses: {
        '200': {
          description: page.summary,
          content: { [page.contentType]: { schema: page.contentType === 'application/json' ? { type: 'object' } : { type: 'string' } } },
        },
        '4XX': { description: 'Unknown, expired or already used link, or an invalid submission.' },
      },
    };
  }

  return finishDocument({
    openapi: '3.1.0',
    info: {
      title: 'Open Payments Platform API',
      version: '0.1.0',
      summary: 'S2S CARD, S2S APM, Checkout and hosted payment fields, with the merchant callbacks.',
      description:
        "Generated from the platform's own schemas and field readers (`npm run openapi`; scripts/openapi). Every request is signed with the protocol hash its description names; the Node SDK `@open-payments/node` computes them all.",
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: 'http://127.0.0.1:3000', description: 'The local platform (npm start)' }],
    tags: [
      { name: 'S2S CARD', description: 'Card payments from the merchant backend: form-encoded, one body per action.' },
      { name: 'S2S APM', description: 'Alternative payment methods (sandbox brand vcard).' },
      { name: 'Checkout', description: 'The hosted payment page session and the payment operations (JSON).' },
      {
        name: 'Hosted fields',
        description: 'Card inputs in platform iframes on the merchant page; the merchant backend pays with the session Token.',
      },
      {
        name: 'Merchant API',
        description:
          'Your delivery log, your callbacks as they are sent, your sandbox test clock: signed with your client key and password (docs/merchant-api.md).',
      },
      { name: 'Payer pages', description: "Pages and scripts the payer's browser loads; not called by the merchant backend." },
      { name: 'Platform', description: 'Health, this document and its rendering.' },
    ],
    paths,
    webhooks: WEBHOOKS,
    components: {
      schemas: {
        ...card,
        ...apm,
        ...answerComponents(),
        ...MERCHANT_API_SCHEMAS,
        FieldErrors: {
          type: 'array',
          items: {
            type: 'object',
            required: ['error_code', 'error_message'],
            properties: {
              error_code: { type: 'integer' },
              error_message: { type: 'string', description: '"<field>: <message>" for validation problems.' },
            },
          },
        },
        S2sError: {
          type: 'object',
          required: ['result', 'error_code', 'error_message'],
          properties: {
            action: { type: 'string' },
            result: { const: 'ERROR' },
            error_code: { type: 'integer' },
            error_message: { type: 'string' },
            errors: ref('FieldErrors'),
            http_code: { type: 'integer' },
          },
        },
        CheckoutError: {
          type: 'object',
          required: ['error_code', 'error_message'],
          properties: {
            error_code: { type: 'integer' },
            error_message: { type: 'string' },
            errors: ref('FieldErrors'),
            http_code: { type: 'integer' },
          },
        },
      },
      securitySchemes: MERCHANT_API_SECURITY,
      parameters: {
        SessionToken: {
          name: 'Token',
          in: 'header',
          required: true,
          description: 'The hosted-fields session token from /api/v1/session/token.',
          schema: { type: 'string' },
        },
      },
    },
  } as unknown as OpenApiDocument);
}
