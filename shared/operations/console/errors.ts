/** The console API's own refusals (its wire format is the Checkout error body: shared/protocol/error-wire.ts). */
import { PlatformError } from '../../domain/errors.js';

/** No session, an ended one, or a failed sign-in. */
export class ConsoleAuthError extends PlatformError {
  readonly code = 401;
  readonly httpStatus = 401;
  constructor(message = 'Sign in to the console.') {
    super(message);
  }
}

/** Signed in, but this role may not do this (a viewer changing settings, a merchant on an operator's page), or a missing CSRF token. */
export class ConsoleForbiddenError extends PlatformError {
  readonly code = 403;
  readonly httpStatus = 403;
  constructor(message = 'Your role does not allow this.') {
    super(message);
  }
}

/** Nothing here for this user: unknown, or another merchant's (the two are not told apart). */
export class ConsoleNotFoundError extends PlatformError {
  readonly code = 404;
  readonly httpStatus = 404;
  constructor(what = 'Not found.') {
    super(what);
  }
}

/** A sign-in body that is not `application/json` (a cross-site form can send only text/plain, urlencoded, multipart). */
export class ConsoleUnsupportedMediaError extends PlatformError {
  readonly code = 415;
  readonly httpStatus = 415;
  constructor(message = 'Send the sign-in as application/json.') {
    super(message);
  }
}

/** A conditional change found the item changed since the user loaded it (routing rules edited meanwhile). */
export class ConsoleConflictError extends PlatformError {
  readonly code = 409;
  readonly httpStatus = 409;
}
