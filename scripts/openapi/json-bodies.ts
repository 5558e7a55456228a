/**
 * The JSON bodies whose handlers validate with zod (the Checkout session, the hosted-fields token, update, processing
 * and card-data bodies) and the hosted-fields answers, described by zod 4's own JSON Schema output of the schemas
 * declared in shared/protocol.
 */
import { z } from 'zod';
import { sessionSchema } from '../../shared/protocol/checkout/session-request.js';
import { paymentRequestSchema } from '../../shared/protocol/hosted-fields/payment-request.js';
import { tokenRequestSchema } from '../../shared/protocol/hosted-fields/token-request.js';
import { updateRequestSchema } from '../../shared/protocol/hosted-fields/update-request.js';
import { cardDataSchema } from '../../shared/protocol/hosted-fields/card-data.js';
import { cardDataAnswerSchema, tokenAnswerSchema, updateAnswerSchema } from '../../shared/protocol/hosted-fields/answers.js';
import { spelled } from './zod-schema.js';
import type { JsonSchema } from './fields-to-schema.js';

/** Input side (what the merchant sends); refinements zod cannot express (URL checks, calendar dates) become plain types. */
function toJsonSchema(schema: z.core.$ZodType): JsonSchema {
  const out = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  delete out.$schema;
  return out;
}

export const sessionBody = (): JsonSchema => toJsonSchema(sessionSchema);
export const hostedFieldsTokenBody = (): JsonSchema => toJsonSchema(tokenRequestSchema);
export const hostedFieldsProcessingBody = (): JsonSchema => toJsonSchema(paymentRequestSchema);
export const hostedFieldsTokenAnswer = (): JsonSchema => toJsonSchema(tokenAnswerSchema);
export const hostedFieldsCardDataBody = (): JsonSchema => toJsonSchema(cardDataSchema);

/**
 * PUT /api/v1/session/update, spelled as the reference has always been written: a nullable as a type list, a map
 * without propertyNames (JSON keys are strings).
 */
export function hostedFieldsUpdateBody(): JsonSchema {
  const { type, minProperties, additionalProperties, properties } = toJsonSchema(updateRequestSchema);
  const spell = ({ propertyNames: _, ...v }: JsonSchema) => ('anyOf' in v ? spelled(v) : v);
  const listed = Object.fromEntries(Object.entries(properties as Record<string, JsonSchema>).map(([k, v]) => [k, spell(v)]));
  return { type, minProperties, additionalProperties, properties: listed };
}

/** The hosted-fields answers the finishing pass types, by route id. */
export const HOSTED_FIELDS_ANSWERS = {
  HostedFieldsCardData: cardDataAnswerSchema,
  HostedFieldsSessionUpdate: updateAnswerSchema,
};
