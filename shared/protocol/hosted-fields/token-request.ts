/**
 * POST /api/v1/session/token body, declared once: the Checkout session body (§5.1) with the Hosted Payment Fields
 * differences — operation purchase or debit only, return_url required, success_url optional, customer.ip (the
 * payer's IP). The schema is the validation (with Checkout's rules that span fields), the server's type and the
 * OpenAPI document's schema (scripts/openapi). Every problem is reported at once, in the Checkout error format.
 */
import * as z from '../../lib/zod-mini.js';
import { MESSAGES, isHttpUrl, isIp } from '../fields.js';
import { BLANK } from '../checkout/json-fields.js';
import { customerSchema, readSessionBody, sessionSchema, type SessionRequest } from '../checkout/session-request.js';

export const HOSTED_FIELDS_OPERATIONS = ['purchase', 'debit'] as const;
export type HostedFieldsOperation = (typeof HOSTED_FIELDS_OPERATIONS)[number];

const blankOr = (message: string) => (i: { input: unknown }) => (i.input === undefined || i.input === null ? BLANK : message);

export const tokenRequestSchema = z.extend(sessionSchema, {
  // Checkout's credit and transfer are not hosted-fields operations.
  operation: z.enum(HOSTED_FIELDS_OPERATIONS, { error: blankOr(MESSAGES.choice) }),
  success_url: z.optional(sessionSchema.shape.success_url),
  customer: z.optional(
    z.extend(customerSchema, {
      ip: z.optional(
        z
          .string({ error: MESSAGES.ip })
          .check(
            z.maxLength(64, { error: MESSAGES.ip, abort: true }),
            z.refine(isIp, MESSAGES.ip),
            z.meta({ description: "The payer's IP address (IPv4 or IPv6)." }),
          ),
      ),
    }),
  ),
  return_url: z
    .string({ error: blankOr(MESSAGES.url) })
    .check(
      z.minLength(1, { error: BLANK, abort: true }),
      z.refine(isHttpUrl, { error: MESSAGES.url, abort: true }),
      z.maxLength(1024, MESSAGES.tooLong(1024)),
      z.meta({ format: 'uri', description: 'Where the payer returns after 3DS.' }),
    ),
});

export type TokenRequestBody = z.output<typeof tokenRequestSchema>;

export interface TokenRequest extends SessionRequest<TokenRequestBody> {
  operation: HostedFieldsOperation;
}

export function readTokenRequest(rawBody: string): TokenRequest {
  const req = readSessionBody(rawBody, tokenRequestSchema);
  return { ...req, operation: req.body.operation };
}
