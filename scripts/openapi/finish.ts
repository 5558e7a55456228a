/**
 * The last pass over the generated document: servers, security (a scheme, or `security: []` with the reason),
 * the errors each kind of operation answers, the typed answers of the console, page and platform routes, and an
 * example of every request and answer (examples.ts). Kept apart from document.ts, which builds the paths.
 */
import { CONSOLE_ANSWERS, CONSOLE_SCHEMAS } from './console-answers.js';
import { NO_SCHEME, SECURITY_SCHEMES, SERVERS } from './security.js';
import { applyExamples } from './examples.js';
import { HOSTED_FIELDS_ANSWERS } from './json-bodies.js';
import { jsonSchemaOf } from './zod-schema.js';
import { checkoutComAnswerSchema, notificationAnswerSchema } from '../../shared/protocol/providers/notification-answer.js';

type Schema = Record<string, unknown>;
type Operation = {
  operationId: string;
  tags?: string[];
  security?: unknown[];
  parameters?: Array<Schema>;
  requestBody?: { content: Record<string, { schema?: Schema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema?: Schema }> }>;
  [k: string]: unknown;
};
export type OpenApiDocument = {
  servers?: unknown;
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; securitySchemes?: Record<string, Schema>; parameters?: Record<string, Schema> };
  [k: string]: unknown;
};

const json = (schema: Schema) => ({ 'application/json': { schema } });
const refError = (name: 'CheckoutError' | 'S2sError') => json({ $ref: `#/components/schemas/${name}` });

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

const PAGE_ERRORS = {
  '4XX': {
    description:
      'An HTML page saying what is wrong: an unknown, expired or already used link, or an invalid submission (the payer sees it; nothing changes).',
    content: { 'text/html': { schema: { type: 'string' } } },
  },
};

/** shared/entry/http/hosted-fields.ts: a missing, unknown or expired Token is a 403 HTML page, whatever the route. */
const TOKEN_ERRORS = {
  '403': { description: 'Missing, invalid or expired Token (an HTML page).', content: { 'text/html': { schema: { type: 'string' } } } },
};

const PLATFORM_ERRORS = { '404': { description: 'Not found: a path or method the platform does not serve.' } };

const TYPED: Record<string, { status: string; schema: Schema; description?: string }> = {
  Health: {
    status: '200',
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
    status: '200',
    schema: {
      type: 'object',
      description: 'This OpenAPI 3.1 document.',
      required: ['openapi', 'info', 'paths'],
      properties: { openapi: { const: '3.1.0' }, info: { type: 'object' }, paths: { type: 'object' } },
    },
  },
  // Declared with the code that answers (shared/protocol).
  ...Object.fromEntries(
    Object.entries({
      ...HOSTED_FIELDS_ANSWERS,
      ProviderNotification: notificationAnswerSchema,
      CheckoutComNotifications: checkoutComAnswerSchema,
    }).map(([id, schema]) => [id, { status: '200', schema: jsonSchemaOf(schema, []) }]),
  ),
};

function securityOf(op: Operation, method: string): { security: unknown[]; reason?: string } {
  const id = op.operationId;
  const tag = op.tags?.[0];
  if (op.security?.length) return { security: op.security }; // the merchant API states its own
  if (tag === 'S2S CARD' || tag === 'S2S APM' || tag === 'Checkout' || id === 'HostedFieldsSessionToken')
    return { security: [], reason: NO_SCHEME.protocolHash };
  if (['HostedFieldsPurchase', 'HostedFieldsDebit', 'HostedFieldsSessionUpdate', 'HostedFieldsCardData'].includes(id))
    return { security: [{ HostedFieldsToken: [] }] };
  if (id === 'ConsoleSignIn' || id === 'ConsoleSignInChallenge') return { security: [], reason: NO_SCHEME.signIn };
  // /me answers {signedIn:false} without a session, so the cookie is optional there.
  if (id === 'ConsoleMe') return { security: [{ ConsoleSession: [] }, {}] };
  if (tag === 'Console') return { security: method === 'get' ? [{ ConsoleSession: [] }] : [{ ConsoleSession: [], ConsoleCsrf: [] }] };
  if (id === 'ProviderNotification') return { security: [{ ProviderSignature: [] }] };
  if (id === 'AdyenNotifications') return { security: [], reason: NO_SCHEME.adyen };
  if (id === 'CheckoutComNotifications') return { security: [{ CkoSignature: [] }] };
  if (tag === 'Platform' || id === 'HostedFieldsSdk') return { security: [], reason: NO_SCHEME.publicAsset };
  return { security: [], reason: NO_SCHEME.payerPage };
}

function errorsOf(op: Operation): Record<string, unknown> {
  const id = op.operationId;
  const tag = op.tags?.[0];
  if (tag === 'Console') return CONSOLE_ERRORS;
  if (tag === 'Platform' || id === 'HostedFieldsSdk') return PLATFORM_ERRORS;
  if (id === 'HostedFieldsCardData') return TOKEN_ERRORS;
  if (id === 'ProviderNotification' || id === 'AdyenNotifications' || id === 'CheckoutComNotifications') {
    return {
      '401': { description: 'The signature does not hold: nothing is read or changed (S2S error body).', content: refError('S2sError') },
    };
  }
  return PAGE_ERRORS;
}

export function finishDocument(doc: OpenApiDocument): OpenApiDocument {
  doc.servers = SERVERS;
  Object.assign(doc.components.schemas, CONSOLE_SCHEMAS);
  doc.components.securitySchemes = { ...SECURITY_SCHEMES, ...doc.components.securitySchemes };
  // The hosted-fields Token is a security scheme now, not a parameter.
  delete doc.components.parameters;
  for (const [, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      op.parameters = op.parameters?.filter((p) => p.$ref !== '#/components/parameters/SessionToken');
      if (op.parameters?.length === 0) delete op.parameters;
      const { security, reason } = securityOf(op, method);
      op.security = security;
      if (reason) op['x-security-reason'] = reason;
      else delete op['x-security-reason'];
      const consoleAnswer = CONSOLE_ANSWERS[op.operationId];
      const typed = consoleAnswer ? { status: String(consoleAnswer.status), schema: consoleAnswer.schema } : TYPED[op.operationId];
      const isPage = op.tags?.[0] !== 'Console' && op.tags?.[0] !== 'Platform' && !!op.responses['4XX'];
      if (typed) {
        const success = op.responses['200']!;
        delete op.responses['200'];
        op.responses = { [typed.status]: { description: success.description, content: json(typed.schema) }, ...op.responses };
      }
      if (op.responses['401'] && (op.operationId === 'HostedFieldsPurchase' || op.operationId === 'HostedFieldsDebit')) {
        delete op.responses['401'];
        Object.assign(op.responses, TOKEN_ERRORS);
      }
      if (consoleAnswer || op.tags?.[0] === 'Console' || op.tags?.[0] === 'Platform' || isPage) {
        delete op.responses['4XX'];
        Object.assign(op.responses, errorsOf(op));
      }
    }
  }
  for (const hook of Object.values(doc.webhooks)) {
    for (const op of Object.values(hook)) op['x-security-reason'] = NO_SCHEME.callback;
  }
  applyExamples(doc);
  return doc;
}
