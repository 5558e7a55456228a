/**
 * The one place where PlatformErrors become wire bodies. 5xx details never leave the platform.
 *   S2S:       {"result":"ERROR","error_code":N,"error_message":"...","errors":[{"error_code":100000,"error_message":"<field>: <msg>"}]}
 *   Checkout:  {"error_code":N,"error_message":"...","errors":[...]}
 *   Not found on status lookups also carries "http_code" (the spec's {http_code, error_code, error_message}).
 */
import { NotFoundError, PlatformError, ValidationError, formatFieldError } from '../errors.js';

export interface WireError {
  statusCode: number;
  body: Record<string, unknown>;
}

function common(err: PlatformError, validationCode: number): Record<string, unknown> {
  if (err.httpStatus >= 500) return { error_code: err.code, error_message: 'Internal error.', errors: [] };
  const isValidation = err instanceof ValidationError;
  const body: Record<string, unknown> = {
    error_code: isValidation ? validationCode : err.code,
    error_message: isValidation ? 'Request data is invalid.' : err.message,
    errors: err.fieldErrors.length
      ? err.fieldErrors.map((e) => ({ error_code: 100000, error_message: formatFieldError(e) }))
      : [{ error_code: err.code, error_message: err.message }],
  };
  if (err instanceof NotFoundError) body.http_code = err.httpStatus;
  return body;
}

export function toS2sError(err: PlatformError, action?: string): WireError {
  return { statusCode: err.httpStatus, body: { ...(action ? { action } : {}), result: 'ERROR', ...common(err, 100000) } };
}

export function toCheckoutError(err: PlatformError): WireError {
  return { statusCode: err.httpStatus, body: common(err, 0) };
}
