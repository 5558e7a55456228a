/**
 * The operations of the routes a browser, the console, a provider or anyone else calls (all but the protocol's and
 * the merchant API's): summary, media types and credential from the route's doc (shared/entry/routes), the answer
 * the code declares, the errors of the route's kind.
 */
import type { RouteAuth, RouteDefinition, RouteDoc } from '../../shared/entry/routes/index.js';
import { checkoutComAnswerSchema, notificationAnswerSchema } from '../../shared/protocol/providers/notification-answer.js';
import { CONSOLE_ANSWERS } from './console-answers.js';
import { HOSTED_FIELDS_ANSWERS, hostedFieldsCardDataBody } from './json-bodies.js';
import { securityOf } from './security.js';
import { jsonSchemaOf } from './zod-schema.js';

type Schema = Record<string, unknown>;
const json = (schema: Schema) => ({ 'application/json': { schema } });
const refError = (name: 'CheckoutError' | 'S2sError') => json({ $ref: `#/components/schemas/${name}` });
const html = { 'text/html': { schema: { type: 'string' } } };

/** The Checkout error body: {http_code, error_code, error_message, errors[]} (docs/protocol-choices.md). */
const CONSOLE_ERRORS = {
  '400': {
    description: 'Invalid input: error_code 100000, one errors[] entry per field ("<field>: <message>").',
    content: refError('CheckoutError'),
  },
  '401': { description: 'No session, or it ended (signed out, idle, expired): sign in again.', content: refError('CheckoutError') },
  '403': { description: 'Your role does not allow this, or X-CSRF-Token is missing or wrong.', content: refError('CheckoutError') },
  '404': { description: "Not found: unknown, or another merchant's (the two are answered alike).", content: refError('CheckoutError') },
};

/** shared/entry/http/hosted-fields.ts: a missing, unknown or expired Token is a 403 HTML page, whatever the route. */
export const TOKEN_ERRORS = { '403': { description: 'Missing, invalid or expired Token (an HTML page).', content: html } };

function errorsOf(auth: RouteAuth): Record<string, unknown> {
  switch (auth) {
    case 'console':
    case 'console-optional':
    case 'sign-in':
      return CONSOLE_ERRORS;
    case 'public':
      return { '404': { description: 'Not found: a path or method the platform does not serve.' } };
    case 'session-token':
      return TOKEN_ERRORS;
    case 'provider-signature':
    case 'cko-signature':
    case 'adyen-hmac':
      return {
        '401': { description: 'The signature does not hold: nothing is read or changed (S2S error body).', content: refError('S2sError') },
      };
    default:
      return {
        '4XX': {
          description:
            'An HTML page saying what is wrong: an unknown, expired or already used link, or an invalid submission (the payer sees it; nothing changes).',
          content: html,
        },
      };
  }
}

/** The JSON answers of these routes, by route id: declared with the code that answers, except health and this document. */
const ANSWERS: Record<string, { status: number; schema: Schema }> = {
  ...CONSOLE_ANSWERS,
  ...Object.fromEntries(
    Object.entries({
      HostedFieldsCardData: HOSTED_FIELDS_ANSWERS.HostedFieldsCardData,
      ProviderNotification: notificationAnswerSchema,
      CheckoutComNotifications: checkoutComAnswerSchema,
    }).map(([id, schema]) => [id, { status: 200, schema: jsonSchemaOf(schema, []) }]),
  ),
  Health: {
    status: 200,
    schema: {
      type: 'object',
      required: ['status'],
      properties: {
        status: { const: 'ok' },
        stage: { type: 'string' },
        table: { type: 'string', description: "The table's status (ACTIVE)." },
      },
    },
  },
  OpenApiDocument: {
    status: 200,
    schema: {
      type: 'object',
      description: 'This OpenAPI 3.1 document.',
      required: ['openapi', 'info', 'paths'],
      properties: { openapi: { const: '3.1.0' }, info: { type: 'object' }, paths: { type: 'object' } },
    },
  },
};

/** Request bodies a declaration gives (otherwise an open object). */
const REQUESTS: Record<string, Schema> = { HostedFieldsCardData: hostedFieldsCardDataBody() };

/** A console route's summary ends with its credential. */
export const summaryOf = (doc: RouteDoc): string =>
  doc.auth === 'console' || doc.auth === 'console-optional'
    ? `${doc.summary} Session cookie; POST/PUT also X-CSRF-Token (docs/console.md).`
    : doc.summary;

export function pageOperation(route: RouteDefinition, doc: RouteDoc): Schema {
  const { security, reason } = securityOf(doc.auth, route.method);
  const summary = summaryOf(doc);
  const answers = doc.answers ?? 'text/html';
  const declared = ANSWERS[route.id];
  if (!declared && answers === 'application/json') throw new Error(`Route ${route.id} answers JSON: declare its answer's schema`);
  const parameters = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const open = { type: 'object', additionalProperties: true };
  return {
    operationId: route.id,
    tags: [doc.tag],
    summary,
    security,
    ...(route.sandboxOnly ? { 'x-sandbox-only': true } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(route.method !== 'GET'
      ? { requestBody: { content: { [doc.sends ?? 'application/x-www-form-urlencoded']: { schema: REQUESTS[route.id] ?? open } } } }
      : {}),
    responses: {
      [String(declared?.status ?? 200)]: {
        description: summary,
        content: declared ? json(declared.schema) : { [answers]: { schema: { type: 'string' } } },
      },
      ...errorsOf(doc.auth),
    },
    ...(reason ? { 'x-security-reason': reason } : {}),
  };
}
