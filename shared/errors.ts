/**
 * One typed error hierarchy with stable codes. Wire formats are produced in exactly one place:
 * shared/protocol/error-wire.ts. Messages of errors below 500 are safe to show to the caller; 5xx details never are.
 */

export interface FieldError {
  /** Protocol field name, e.g. "order_amount" or "mpi_data[eci]". Empty for errors not tied to a field. */
  field: string;
  message: string;
  /**
   * The spec shows this text as the answer's own error_message ("size should be within 1..100", the delays
   * deprecation, "Not found acceptable methods"), not only as an entry of errors[]. Field-less entries are
   * headlines without saying so: they refuse the request as a whole.
   */
  headline?: boolean;
}

export abstract class PlatformError extends Error {
  abstract readonly code: number;
  abstract readonly httpStatus: number;
  readonly fieldErrors: FieldError[] = [];
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** 100000: the request does not satisfy the protocol's rules. Each entry reads "<field>: <message>" on the wire. */
export class ValidationError extends PlatformError {
  readonly code = 100000;
  readonly httpStatus = 400;
  override readonly fieldErrors: FieldError[];
  constructor(fieldErrors: FieldError[] | FieldError) {
    const list = Array.isArray(fieldErrors) ? fieldErrors : [fieldErrors];
    super(list.map(formatFieldError).join(' '));
    this.fieldErrors = list;
  }
  static field(field: string, message: string): ValidationError {
    return new ValidationError({ field, message });
  }
  /** A refusal whose text the spec shows as the error_message itself (see FieldError.headline). */
  static rule(field: string, message: string): ValidationError {
    return new ValidationError({ field, message, headline: true });
  }
  /** The text of the answer's error_message: the first headline entry, else the protocol's generic text. */
  get headline(): string | undefined {
    const e = this.fieldErrors.find((f) => f.headline || !f.field);
    return e?.message;
  }
}

/** The request's hash does not match: "hash: Hash is not valid." */
export class InvalidHashError extends ValidationError {
  constructor() {
    super({ field: 'hash', message: 'Hash is not valid.' });
  }
}

/**
 * An identifier that names nothing. The spec gives entity-specific texts:
 * 101000 "Transaction does not exist." / "Order does not exist." / "Payment does not exist.",
 * 100000 "Payment not found." / "Schedule not found" / "Incorrect transaction" / "This value is not correct.".
 */
export class NotFoundError extends PlatformError {
  readonly httpStatus = 400;
  constructor(
    readonly code: 100000 | 101000,
    message: string,
  ) {
    super(message);
  }
  static transaction(): NotFoundError {
    return new NotFoundError(101000, 'Transaction does not exist.');
  }
  static order(): NotFoundError {
    return new NotFoundError(101000, 'Order does not exist.');
  }
  static checkoutPayment(): NotFoundError {
    return new NotFoundError(101000, 'Payment does not exist.');
  }
  static payment(): NotFoundError {
    return new NotFoundError(100000, 'Payment not found.');
  }
  static schedule(): NotFoundError {
    return new NotFoundError(100000, 'Schedule not found');
  }
  static incorrectTransaction(): NotFoundError {
    return new NotFoundError(100000, 'Incorrect transaction');
  }
  static generic(): NotFoundError {
    return new NotFoundError(100000, 'This value is not correct.');
  }
}

/** A well-formed request the payment's state or the merchant's setup does not allow (stable protocol codes). */
export class BusinessRuleError extends PlatformError {
  readonly httpStatus = 400;
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
  static voidNotAllowed(): BusinessRuleError {
    return new BusinessRuleError(100000, 'Void is not allowed.');
  }
  static refundNotAllowed(): BusinessRuleError {
    return new BusinessRuleError(208005, 'Refund is not allowed');
  }
  static noMid(): BusinessRuleError {
    return new BusinessRuleError(204002, 'No enabled MID found for this payment.');
  }
  static noMotoMid(): BusinessRuleError {
    return new BusinessRuleError(204025, 'No MOTO-enabled MID found for this payment.');
  }
}

/**
 * The request body is larger than any valid request can be (shared/protocol/limits.ts). Refused before the body
 * is decoded or parsed, so its size costs nothing and nothing of it is stored.
 */
export class RequestTooLargeError extends PlatformError {
  readonly code = 100000;
  readonly httpStatus = 413;
  constructor(readonly maxBytes: number) {
    super(`Request body is too large. It should have ${maxBytes} bytes or less.`);
  }
}

/** Another request changed the same payment first; the caller may retry. */
export class ConflictError extends PlatformError {
  readonly code = 400;
  readonly httpStatus = 409;
  constructor(message = 'Duplicate request.') {
    super(message);
  }
}

/** A provider's notification whose X-Provider-Signature is missing or wrong: 401, and nothing changes. */
export class SignatureError extends PlatformError {
  readonly code = 401;
  readonly httpStatus = 401;
  constructor(message = 'Signature is not valid.') {
    super(message);
  }
}

/** Anything unexpected. The message is logged, never sent. */
export class InternalError extends PlatformError {
  readonly code = 500;
  readonly httpStatus = 500;
}

export function formatFieldError(e: FieldError): string {
  return e.field ? `${e.field}: ${e.message}` : e.message;
}

export function asPlatformError(err: unknown): PlatformError {
  if (err instanceof PlatformError) return err;
  return new InternalError('Internal error', { cause: err });
}
