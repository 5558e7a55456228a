/**
 * The OpenAPI 3.1 document of every public route, generated from the code that serves it:
 * - paths come from the route table (shared/entry/routes): each route's `doc` gives its tag, summary, credential
 *   (security.ts) and media types, so a new route without one fails generation;
 * - S2S CARD / S2S APM action bodies are the fields each action declares (`fields`, shared/protocol/form-spec.ts):
 *   required or not, lengths, patterns and choices the platform validates; the Checkout operation bodies are the
 *   fields each operation declares (checkout-bodies.ts);
 * - the Checkout session and hosted-fields processing bodies are zod 4's JSON Schema of the handlers' zod schemas.
 * - answers are the zod objects their response builders return (answers.ts);
 * Callbacks are described in prose (webhooks.ts); page, console, provider and platform routes are built by pages.ts.
 */
import { ROUTES, type RouteDefinition, type RouteDoc } from '../../shared/entry/routes/index.js';
import { fieldsToSchema, type JsonSchema } from './fields-to-schema.js';
import {
  HOSTED_FIELDS_ANSWERS,
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
import { pageOperation, TOKEN_ERRORS } from './pages.js';
import { SECURITY_SCHEMES, securityOf, SERVERS } from './security.js';
import { CONSOLE_SCHEMAS } from './console-answers.js';
import { jsonSchemaOf } from './zod-schema.js';
import { applyExamples } from './examples.js';
import { WEBHOOKS } from './webhooks.js';
import { merchantApiOperation, MERCHANT_API_SCHEMAS, MERCHANT_API_SECURITY } from './merchant-routes.js';
import { answerComponents, answerRef, CHECKOUT_ANSWERS, S2S_APM_ANSWERS, S2S_CARD_ANSWERS } from './answers.js';
import type { z } from 'zod';

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

/** schemas: the endpoint's request bodies (actionSchemas), one per action. */
function s2sOperation(route: RouteDefinition, doc: RouteDoc, schemas: Record<string, JsonSchema>, answers: z.ZodType[]): Operation {
  const names = Object.keys(schemas);
  const actionOf = (name: string) => (schemas[name]!.properties as Record<string, { const: string }>).action!.const;
  const mapping = Object.fromEntries(names.map((name) => [actionOf(name), `#/components/schemas/${name}`]));
  const { security, reason } = securityOf(doc.auth, route.method);
  return {
    operationId: route.id,
    tags: [doc.tag],
    summary: doc.summary,
    description: `One endpoint, one request body per \`action\` (form-encoded, nested fields in bracket notation). ${SHA256_NOTE}`,
    security,
    requestBody: {
      required: true,
      content: form({ oneOf: names.map(ref), discriminator: { propertyName: 'action', mapping } }),
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
    ...(reason ? { 'x-security-reason': reason } : {}),
  };
}

function checkoutAnswer(path: string): JsonSchema {
  const schema = CHECKOUT_ANSWERS[path];
  if (!schema) throw new Error(`No answer schema for ${path}: add it to scripts/openapi/answers.ts`);
  // payment/status with `size` answers a list of the latest attempts.
  return path === '/api/v1/payment/status'
    ? { anyOf: [answerRef(schema), { type: 'array', items: answerRef(schema) }] }
    : answerRef(schema);
}

const refused = (description: string) => ({ description, content: json(ref('CheckoutError')) });

/** The JSON body of a Checkout or hosted-fields route, and its answers beyond 'Done.' and a refusal. */
function jsonRequest(route: RouteDefinition): { body: JsonSchema; responses?: Record<string, unknown> } {
  switch (route.id) {
    case 'CheckoutSession':
      return { body: sessionBody() };
    case 'HostedFieldsSessionToken':
      return {
        body: hostedFieldsTokenBody(),
        responses: {
          '200': { description: 'The session Token.', content: json(hostedFieldsTokenAnswer()) },
          '400': refused('Invalid request.'),
          '401': refused('Wrong merchant_key or hash (the same answer for both).'),
        },
      };
    case 'HostedFieldsPurchase':
    case 'HostedFieldsDebit':
      return { body: hostedFieldsProcessingBody(), responses: { ...DONE(route.path), ...TOKEN_ERRORS } };
    case 'HostedFieldsSessionUpdate':
      return {
        body: hostedFieldsUpdateBody(),
        responses: {
          '200': { description: 'Updated.', content: json(jsonSchemaOf(HOSTED_FIELDS_ANSWERS.HostedFieldsSessionUpdate, [])) },
          '400': refused('Refused.'),
          '403': { description: 'Invalid or expired Token (HTML body).', content: { 'text/html': { schema: { type: 'string' } } } },
        },
      };
  }
  const fields = checkoutBody(route.path);
  if (!fields) throw new Error(`Route ${route.id} has no declared body: add it to scripts/openapi/checkout-bodies.ts`);
  return { body: fieldsToSchema(fields, merchantKey, ['merchant_key']) };
}

const DONE = (path: string) => ({
  '200': { description: 'Done.', content: json(checkoutAnswer(path)) },
  '400': refused('Refused (validation, wrong hash, business rule).'),
});

function jsonOperation(route: RouteDefinition, doc: RouteDoc): Operation {
  const { security, reason } = securityOf(doc.auth, route.method);
  const { body, responses = DONE(route.path) } = jsonRequest(route);
  return {
    operationId: route.id,
    tags: [doc.tag],
    summary: doc.summary,
    ...(CHECKOUT_HASH[route.path] ? { description: `hash: ${CHECKOUT_HASH[route.path]} ${SHA256_NOTE}` } : {}),
    security,
    requestBody: { required: true, content: json(body) },
    responses,
    ...(reason ? { 'x-security-reason': reason } : {}),
  };
}

export async function buildOpenApi(): Promise<Record<string, unknown>> {
  const card = actionSchemas('S2sCard', S2S_CARD_ACTIONS, S2S_CARD_HASH);
  const apm = actionSchemas('S2sApm', S2S_APM_ACTIONS, S2S_APM_HASH);

  const paths: Record<string, Record<string, Operation>> = {};
  for (const route of ROUTES) (paths[route.path] ??= {})[route.method.toLowerCase()] = operationFor(route);

  function operationFor(route: RouteDefinition): Operation {
    const doc = route.doc;
    if (!doc) throw new Error(`Route ${route.id} (${route.method} ${route.path}) is not described: give it a doc in shared/entry/routes`);
    switch (doc.tag) {
      case 'S2S CARD':
        return s2sOperation(route, doc, card, S2S_CARD_ANSWERS);
      case 'S2S APM':
        return s2sOperation(route, doc, apm, S2S_APM_ANSWERS);
      case 'Checkout':
      case 'Hosted fields':
        return jsonOperation(route, doc);
      case 'Merchant API':
        return merchantApiOperation(route, doc);
      default:
        return pageOperation(route, doc);
    }
  }

  const document = {
    openapi: '3.1.0',
    info: {
      title: 'Open Payments Platform API',
      version: '0.1.0',
      summary: 'S2S CARD, S2S APM, Checkout and hosted payment fields, with the merchant callbacks.',
      description:
        "Generated from the platform's own schemas and field readers (`npm run openapi`; scripts/openapi). Every request is signed with the protocol hash its description names; the Node SDK `@open-payments/node` computes them all.",
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: SERVERS,
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
        ...CONSOLE_SCHEMAS,
      },
      securitySchemes: { ...SECURITY_SCHEMES, ...MERCHANT_API_SECURITY },
    },
  };
  applyExamples(document);
  return document;
}
