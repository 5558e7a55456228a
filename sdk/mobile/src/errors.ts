/**
 * Every failure the SDK reports is a CheckoutSdkError; `code` says which kind, so an app can switch on it
 * without instanceof across bundles.
 */

export interface FieldProblem {
  /** The request field in the SDK's own (camelCase) names, e.g. "successUrl" or "order.amount". */
  field: string;
  message: string;
}

export class CheckoutSdkError extends Error {
  override readonly name: string = 'CheckoutSdkError';
  constructor(
    readonly code: 'invalid_request' | 'platform_error' | 'network_error' | 'unexpected_response' | 'return_hash_invalid',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Bad input, found before any request was sent. */
export class InvalidRequestError extends CheckoutSdkError {
  override readonly name = 'InvalidRequestError';
  constructor(readonly problems: FieldProblem[]) {
    super('invalid_request', problems.map((p) => `${p.field}: ${p.message}`).join('; '));
  }
}

export interface PlatformFieldError {
  error_code: number;
  error_message: string;
}

/** The platform (or the merchant backend, which forwards it unchanged) refused the request. */
export class PlatformError extends CheckoutSdkError {
  override readonly name = 'PlatformError';
  constructor(
    readonly httpStatus: number,
    readonly error_code: number,
    readonly error_message: string,
    readonly errors: PlatformFieldError[] = [],
  ) {
    const details = errors.length ? ` (${errors.map((e) => e.error_message).join('; ')})` : '';
    super('platform_error', `${error_code}: ${error_message}${details}`);
  }
}

/** The request never got an answer (offline, DNS, TLS, timeout). Whether it reached the platform is unknown. */
export class NetworkError extends CheckoutSdkError {
  override readonly name = 'NetworkError';
  constructor(cause: unknown) {
    super('network_error', `The request did not get an answer: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/** An answer that is not the protocol's JSON (a proxy's HTML error page, say). */
export class UnexpectedResponseError extends CheckoutSdkError {
  override readonly name = 'UnexpectedResponseError';
  constructor(
    readonly httpStatus: number,
    readonly bodyText: string,
  ) {
    super('unexpected_response', `Unexpected answer (HTTP ${httpStatus}): ${bodyText.slice(0, 200)}`);
  }
}

/** A return URL whose hash does not match the payment it names: someone edited it. */
export class ReturnHashError extends CheckoutSdkError {
  override readonly name = 'ReturnHashError';
  constructor(readonly url: string) {
    super('return_hash_invalid', 'The return URL hash does not match its payment_id and order.');
  }
}
