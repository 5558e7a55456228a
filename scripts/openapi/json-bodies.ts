/**
 * The JSON bodies whose handlers validate with zod (Checkout session, hosted-fields processing), described by
 * zod 4's own JSON Schema output of those schemas; the hosted-fields token body is the session schema with the
 * differences readTokenRequest applies, taken from the same constants.
 */
import { z } from 'zod';
import { sessionSchema } from '../../shared/protocol/checkout/session-request.js';
import { paymentRequestSchema } from '../../shared/protocol/hosted-fields/payment-request.js';
import { HOSTED_FIELDS_OPERATIONS } from '../../shared/protocol/hosted-fields/token-request.js';
import { UPDATABLE } from '../../shared/protocol/hosted-fields/update-request.js';
import type { JsonSchema } from './fields-to-schema.js';

/** Input side (what the merchant sends); refinements zod cannot express (URL checks, calendar dates) become plain types. */
function toJsonSchema(schema: z.core.$ZodType): JsonSchema {
  const out = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  delete out.$schema;
  return out;
}

export function sessionBody(): JsonSchema {
  return toJsonSchema(sessionSchema);
}

export function hostedFieldsTokenBody(): JsonSchema {
  const body = structuredClone(sessionBody()) as { properties: Record<string, JsonSchema>; required: string[] };
  body.properties.operation = { type: 'string', enum: [...HOSTED_FIELDS_OPERATIONS] };
  body.properties.return_url = { type: 'string', format: 'uri', maxLength: 1024, description: 'Where the payer returns after 3DS.' };
  const customer = body.properties.customer as { properties?: Record<string, JsonSchema> } | undefined;
  if (customer?.properties) customer.properties.ip = { type: 'string', description: "The payer's IP address (IPv4 or IPv6)." };
  body.required = [...body.required.filter((n) => n !== 'success_url'), 'return_url'];
  return body as unknown as JsonSchema;
}

export function hostedFieldsProcessingBody(): JsonSchema {
  return toJsonSchema(paymentRequestSchema);
}

/**
 * PUT /api/v1/session/update: the names are UPDATABLE (update-request.ts refuses any other); their types are what
 * readUpdateRequest checks. `hash` only where the merchant requires signed updates.
 */
export function hostedFieldsUpdateBody(): JsonSchema {
  const types: Record<(typeof UPDATABLE)[number], JsonSchema> = {
    order_amount: { type: 'string', minLength: 1 },
    order_currency: { type: 'string', minLength: 1 },
    recurring_init: { type: 'boolean' },
    req_token: { type: 'boolean' },
    schedule_id: { type: ['string', 'null'], maxLength: 64, description: 'null removes the schedule.' },
    parameters: { type: 'object', additionalProperties: true, description: 'Replaces the stored object ({} clears it).' },
    custom_data: { type: 'object', additionalProperties: true, description: 'Replaces the stored object ({} clears it).' },
  };
  return {
    type: 'object',
    minProperties: 1,
    additionalProperties: false,
    properties: {
      ...Object.fromEntries(UPDATABLE.map((n) => [n, types[n]])),
      hash: {
        type: 'string',
        description:
          'Only with the merchant setting hostedFieldsUpdateSignature: sha1(md5(upper(Token . order_amount . order_currency . order.description . PASSWORD))).',
      },
    },
  };
}
