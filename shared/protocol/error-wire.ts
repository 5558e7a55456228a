/**
 * The one place where PlatformErrors become wire bodies. 5xx details never leave the platform.
 *   S2S:       {"result":"ERROR","http_code":400,"error_code":N,"error_message":"...","errors":[{"error_code":100000,"error_message":"<field>: <msg>"}]}
 *   Checkout:  {"http_code":400,"error_code":N,"error_message":"...","errors":[...]}
 * Every body has the spec's {http_code, error_code, error_message} (its "JSON error body (Checkout-style and S2S
 * status lookups)"); errors[] keeps the field list. error_code is never 0: a validation failure is 100000 on every
 * protocol. error_message is the spec's own text when the refusal has one (ValidationError.headline: "size should
 * be within 1..100", the delays deprecation, "Not found acceptable methods"; business rules such as "Refund is not
 * allowed" and session-update texts are their own message), else "Request data is invalid.".
 */
import { PlatformError, VALIDATION_CODE, ValidationError, formatFieldError } from '../domain/errors.js';

export interface WireError {
  statusCode: number;
  body: Record<string, unknown>;
}

const GENERIC_VALIDATION_MESSAGE = 'Request data is invalid.';

function common(err: PlatformError): Record<string, unknown> {
  if (err.httpStatus >= 500) return { http_code: err.httpStatus, error_code: err.code, error_message: 'Internal error.', errors: [] };
  const isValidation = err instanceof ValidationError;
  return {
    http_code: err.httpStatus,
    error_code: isValidation ? VALIDATION_CODE : err.code,
    error_message: isValidation ? (err.headline ?? GENERIC_VALIDATION_MESSAGE) : err.message,
    errors: err.fieldErrors.length
      ? err.fieldErrors.map((e) => ({ error_code: VALIDATION_CODE, error_message: formatFieldError(e) }))
      : [{ error_code: err.code, error_message: err.message }],
  };
}

export function toS2sError(err: PlatformError, action?: string): WireError {
  return { statusCode: err.httpStatus, body: { ...(action ? { action } : {}), result: 'ERROR', ...common(err) } };
}

export function toCheckoutError(err: PlatformError): WireError {
  return { statusCode: err.httpStatus, body: common(err) };
}
