/**
 * POST /api/v1/session/token body: the Checkout session body (§5.1, validated by Checkout's own reader) with the
 * Hosted Payment Fields differences — operation purchase or debit only, return_url required, success_url optional,
 * customer.ip (the payer's IP). Every problem is reported at once, in the Checkout error format.
 */
import { ValidationError, type FieldError } from '../../domain/errors.js';
import { MESSAGES, isHttpUrl, isIp } from '../fields.js';
import { parseJsonObject } from '../checkout/json.js';
import * as z from '../../lib/zod-mini.js';
import { lenientJson } from '../checkout/json.js';
import { OPERATIONS, customerSchema, readSessionRequest, sessionSchema, type SessionRequest } from '../checkout/session-request.js';

export const HOSTED_FIELDS_OPERATIONS = ['purchase', 'debit'] as const;
export type HostedFieldsOperation = (typeof HOSTED_FIELDS_OPERATIONS)[number];

export interface TokenRequest extends SessionRequest {
  operation: HostedFieldsOperation;
  returnUrl: string;
  /** customer.ip when sent. */
  customerIp?: string;
}

/**
 * The body's shape for lenient reading (checkout/json.ts lenientJson): Checkout's session with success_url optional,
 * return_url required and customer.ip; the values themselves are checked below and by Checkout's reader.
 */
export const tokenRequestShape = z.extend(sessionSchema, {
  success_url: z.optional(z.string()),
  return_url: z.string(),
  customer: z.optional(z.extend(customerSchema, { ip: z.optional(z.string()) })),
});

/** Stands in for success_url while Checkout's reader runs; never stored. */
const NO_SUCCESS_URL = 'https://success-url.invalid/';

export function readTokenRequest(rawBody: string): TokenRequest {
  const json = lenientJson(parseJsonObject(rawBody), tokenRequestShape);
  const errors: FieldError[] = [];

  // Checkout knows credit and transfer; hosted fields do not. Unknown values are Checkout's reader's to report.
  const op = json.operation;
  if (
    typeof op === 'string' &&
    (OPERATIONS as readonly string[]).includes(op) &&
    !(HOSTED_FIELDS_OPERATIONS as readonly string[]).includes(op)
  ) {
    errors.push({ field: 'operation', message: MESSAGES.choice });
  }

  const returnUrl = json.return_url;
  if (returnUrl === undefined || returnUrl === null || returnUrl === '') errors.push({ field: 'return_url', message: MESSAGES.blank });
  else if (typeof returnUrl !== 'string' || !isHttpUrl(returnUrl)) errors.push({ field: 'return_url', message: MESSAGES.url });
  else if (returnUrl.length > 1024) errors.push({ field: 'return_url', message: MESSAGES.tooLong(1024) });

  const customer = json.customer;
  const ip = customer && typeof customer === 'object' && !Array.isArray(customer) ? (customer as Record<string, unknown>).ip : undefined;
  if (ip !== undefined && ip !== null && (typeof ip !== 'string' || ip.length > 64 || !isIp(ip)))
    errors.push({ field: 'customer.ip', message: MESSAGES.ip });

  let req: SessionRequest | undefined;
  try {
    req = readSessionRequest(JSON.stringify({ ...json, success_url: json.success_url ?? NO_SUCCESS_URL }));
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    errors.unshift(...err.fieldErrors);
  }
  if (errors.length || !req) throw new ValidationError(errors);
  return {
    ...req,
    operation: req.operation as HostedFieldsOperation,
    returnUrl: returnUrl as string,
    customerIp: typeof ip === 'string' && ip ? ip : undefined,
  };
}

/** success_url as the merchant sent it (the reader above needed a stand-in). */
export function sentSuccessUrl(req: TokenRequest): string | undefined {
  return req.body.success_url === NO_SUCCESS_URL ? undefined : req.body.success_url;
}
