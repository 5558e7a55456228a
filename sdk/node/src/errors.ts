/**
 * Every failure is an OpenPaymentsError; `kind` says which, so callers can switch on it without instanceof across
 * copies of the package.
 */

export interface FieldErrorEntry {
  error_code: number;
  error_message: string;
}

export class OpenPaymentsError extends Error {
  override readonly name: string = 'OpenPaymentsError';
  constructor(
    readonly kind: 'api_error' | 'network_error' | 'unexpected_response' | 'signature_verification' | 'invalid_argument',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * The platform refused the request: its `error_code` and `error_message` as sent, with the per-field `errors`
 * ("card_number: This value should not be blank."). `httpStatus` 409 means an identical request is still running.
 */
export class ApiError extends OpenPaymentsError {
  override readonly name = 'ApiError';
  constructor(
    readonly httpStatus: number,
    readonly error_code: number,
    readonly error_message: string,
    readonly errors: FieldErrorEntry[] = [],
    /** The whole answer, for fields the SDK does not model (`action`, `http_code`). */
    readonly body: Record<string, unknown> = {},
  ) {
    const details = errors.length ? ` (${errors.map((e) => e.error_message).join('; ')})` : '';
    super('api_error', `${error_code}: ${error_message}${details}`);
  }
}

/** No answer (connection refused, reset, timeout) after every retry. Whether the platform acted is unknown. */
export class NetworkError extends OpenPaymentsError {
  override readonly name = 'NetworkError';
  constructor(message: string, options?: { cause?: unknown }) {
    super('network_error', message, options);
  }
}

/** An answer that is not what the protocol describes (not JSON, an HTML error page, ...). */
export class UnexpectedResponseError extends OpenPaymentsError {
  override readonly name = 'UnexpectedResponseError';
  constructor(
    readonly httpStatus: number,
    readonly text: string,
  ) {
    super('unexpected_response', `Unexpected answer (HTTP ${httpStatus}): ${text.slice(0, 200)}`);
  }
}

/** A callback failed verification; `reason` says which check. */
export class SignatureVerificationError extends OpenPaymentsError {
  override readonly name = 'SignatureVerificationError';
  constructor(
    readonly reason:
      | 'missing_signature'
      | 'malformed_signature'
      | 'timestamp_outside_tolerance'
      | 'signature_mismatch'
      | 'hash_mismatch'
      | 'missing_payer_email'
      | 'unknown_shape',
    message: string,
  ) {
    super('signature_verification', message);
  }
}
