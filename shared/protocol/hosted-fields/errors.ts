/**
 * Hosted Payment Fields' own refusals. They travel through the one Checkout wire format (error-wire.ts):
 * {"error_code":100000,"error_message":"<text>","errors":[{"error_code":100000,"error_message":"<text>"}, ...]}.
 */
import { PlatformError, type FieldError } from '../../errors.js';

/**
 * POST /api/v1/session/token with a wrong hash, or an unknown merchant_key (which fails the hash check): HTTP 401,
 * "hash: Hash is not valid." for both, so keys cannot be probed.
 */
export class SessionTokenAuthError extends PlatformError {
  readonly code = 100000;
  readonly httpStatus = 401;
  override readonly fieldErrors: FieldError[] = [{ field: 'hash', message: 'Hash is not valid.' }];
  constructor() {
    super('hash: Hash is not valid.');
  }
}

/** A session update the spec refuses as a whole; the texts are the spec's own. */
export class SessionUpdateError extends PlatformError {
  readonly code = 100000;
  readonly httpStatus = 400;
  override readonly fieldErrors: FieldError[];
  constructor(messages: string[]) {
    super(messages[0] ?? 'Session can not be updated.');
    this.fieldErrors = messages.map((message) => ({ field: '', message }));
  }
  static notUpdatable(names: string[]): SessionUpdateError {
    return new SessionUpdateError(names.map((n) => `Parameter "${n}" can not be updated.`));
  }
  static sessionUsed(): SessionUpdateError {
    return new SessionUpdateError(['Session can not be updated.']);
  }
  static noMethods(): SessionUpdateError {
    return new SessionUpdateError(['Not found acceptable methods']);
  }
  static empty(): SessionUpdateError {
    return new SessionUpdateError(['At least one parameter must be sent.']);
  }
}
