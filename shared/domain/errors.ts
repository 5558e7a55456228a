/**
 * One typed error hierarchy with stable codes. Wire formats are produced in exactly one place:
 * shared/protocol/error-wire.ts. Messages of errors below 500 are safe to show to the caller; 5xx details never are.
 *
 * Every code and text of a refusal is named here, once: the classes' constructors are private, so a call site says
 * `BusinessRuleError.captureNotAllowed()`, never a code/text pair of its own (test/unit/architecture/error-sites.test.ts).
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

/** The code of every validation failure, on every protocol (and of each entry of errors[]). */
export const VALIDATION_CODE = 100000;
/** A lookup's transaction the platform does not know ("Transaction does not exist."). */
export const TRANSACTION_NOT_FOUND_CODE = 101000;
/** The spec's generic text for a value that names nothing (an unknown client_key, card_token, callback ...). */
export const NOT_CORRECT = 'This value is not correct.';
/** No payment method of the request (or of the merchant's list) can be offered. */
export const NO_ACCEPTABLE_METHODS = 'Not found acceptable methods';

/** 100000: the request does not satisfy the protocol's rules. Each entry reads "<field>: <message>" on the wire. */
export class ValidationError extends PlatformError {
  readonly code = VALIDATION_CODE;
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
  /** "<field>: This value is not correct.": the value names nothing the platform knows. */
  static notCorrect(field: string): ValidationError {
    return ValidationError.field(field, NOT_CORRECT);
  }
  static noAcceptableMethods(): ValidationError {
    return ValidationError.rule('methods', NO_ACCEPTABLE_METHODS);
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
 * Hosted Payment Fields: POST /api/v1/session/token with a wrong hash, or an unknown merchant_key (which fails the
 * hash check): HTTP 401, "hash: Hash is not valid." for both, so keys cannot be probed.
 */
export class SessionTokenAuthError extends PlatformError {
  readonly code = VALIDATION_CODE;
  readonly httpStatus = 401;
  override readonly fieldErrors: FieldError[] = [{ field: 'hash', message: 'Hash is not valid.' }];
  constructor() {
    super('hash: Hash is not valid.');
  }
}

/** Hosted Payment Fields: a session update the spec refuses as a whole; the texts are the spec's own. */
export class SessionUpdateError extends PlatformError {
  readonly code = VALIDATION_CODE;
  readonly httpStatus = 400;
  override readonly fieldErrors: FieldError[];
  private constructor(messages: string[]) {
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
    return new SessionUpdateError([NO_ACCEPTABLE_METHODS]);
  }
  static empty(): SessionUpdateError {
    return new SessionUpdateError(['At least one parameter must be sent.']);
  }
}

/**
 * An identifier that names nothing. The spec gives entity-specific texts:
 * 101000 "Transaction does not exist." / "Order does not exist." / "Payment does not exist.",
 * 100000 "Payment not found." / "Schedule not found" / "Incorrect transaction" / "This value is not correct.".
 */
export class NotFoundError extends PlatformError {
  readonly httpStatus = 400;
  private constructor(
    readonly code: 100000 | 101000,
    message: string,
  ) {
    super(message);
  }
  static transaction(): NotFoundError {
    return new NotFoundError(TRANSACTION_NOT_FOUND_CODE, 'Transaction does not exist.');
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
    return new NotFoundError(100000, NOT_CORRECT);
  }
  /** A merchant API key id the merchant does not have (revoking, in the console or the admin CLI). */
  static apiKey(): NotFoundError {
    return new NotFoundError(100000, 'API key not found.');
  }
  /** GET /api/v1/merchant/settlements/{id} for a batch the merchant does not have. */
  static settlement(): NotFoundError {
    return new NotFoundError(100000, 'Settlement not found.');
  }
  /** POST /providers/{provider}/notifications for a provider the platform does not know. */
  static provider(): NotFoundError {
    return new NotFoundError(100000, 'Provider not found.');
  }
}

/** A well-formed request the payment's state or the merchant's setup does not allow (stable protocol codes). */
export class BusinessRuleError extends PlatformError {
  readonly httpStatus = 400;
  private constructor(
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
  static captureNotAllowed(): BusinessRuleError {
    return new BusinessRuleError(208003, 'Capture is not allowed.');
  }
  static captureTooLarge(): BusinessRuleError {
    return new BusinessRuleError(208004, 'Capture amount exceeds the authorized amount.');
  }
  static refundTooLarge(): BusinessRuleError {
    return new BusinessRuleError(208006, 'Refund amount exceeds the payment amount.');
  }
  static partialReversalNotAllowed(): BusinessRuleError {
    return new BusinessRuleError(208009, 'Partial reversal is not allowed.');
  }
  static chargebackNotAllowed(): BusinessRuleError {
    return new BusinessRuleError(100000, 'Chargeback is not allowed.');
  }
  static chargebackReversalNotAllowed(): BusinessRuleError {
    return new BusinessRuleError(100000, 'Chargeback reversal is not allowed: the payment has no chargeback.');
  }
  static chargebackTooLarge(): BusinessRuleError {
    return new BusinessRuleError(208010, 'Chargeback amount exceeds the payment amount.');
  }
  static retryNotAllowed(): BusinessRuleError {
    return new BusinessRuleError(100000, 'Retry is not allowed.');
  }
  /** 3DS completion (or a Checkout challenge) for a payment no longer waiting for it. */
  static notWaitingForAuthentication(): BusinessRuleError {
    return new BusinessRuleError(100000, 'The payment is not waiting for authentication.');
  }
  /** The acquirer needs the payer's Accept header and the request has none (the spec's INVALID_REQUEST). */
  static invalidRequest(): BusinessRuleError {
    return new BusinessRuleError(100000, 'INVALID_REQUEST');
  }
  /** An APM brand without a provider, or one that does not take this action. */
  static methodNotSupported(): BusinessRuleError {
    return new BusinessRuleError(204004, 'Payment method is not supported.');
  }
  /** DEBIT2VIRTUAL_COMPLETE on a debit already completed. */
  static debitNotCompletable(): BusinessRuleError {
    return new BusinessRuleError(100000, 'The debit is already completed.');
  }
  /** The method's page submitted for an APM payment no longer waiting on it. */
  static notWaitingForPayer(): BusinessRuleError {
    return new BusinessRuleError(100000, 'The payment is not waiting for the payer.');
  }
  /** A hosted-fields session used on another operation's endpoint. */
  static operationMismatch(): BusinessRuleError {
    return new BusinessRuleError(100000, 'The endpoint does not match the session operation.');
  }
  /** A hosted-fields session charged before its card was submitted. */
  static noCardData(): BusinessRuleError {
    return new BusinessRuleError(100000, 'Card data has not been submitted.');
  }
}

/**
 * The request body is larger than any valid request can be (shared/protocol/limits.ts). Refused before the body
 * is decoded or parsed, so its size costs nothing and nothing of it is stored.
 */
export class RequestTooLargeError extends PlatformError {
  readonly code = VALIDATION_CODE;
  readonly httpStatus = 413;
  constructor(readonly maxBytes: number) {
    super(`Request body is too large. It should have ${maxBytes} bytes or less.`);
  }
}

/** Another request changed the same payment first; the caller may retry. */
export class ConflictError extends PlatformError {
  readonly code = 400;
  readonly httpStatus = 409;
  private constructor(message: string) {
    super(message);
  }
  /** An identical request holds the idempotency claim. */
  static sameRequest(): ConflictError {
    return new ConflictError('The same request is being processed.');
  }
  /** An identical request's claim is stale but its body differs: the earlier outcome is settled first. */
  static interrupted(): ConflictError {
    return new ConflictError('An earlier request on this payment was interrupted; its outcome is being settled. Retry.');
  }
  static paymentChanged(): ConflictError {
    return new ConflictError('The payment was changed by another request; retry.');
  }
  static paymentInProgress(): ConflictError {
    return new ConflictError('The payment is being processed.');
  }
  /** A hosted-fields session. */
  static sessionChanged(): ConflictError {
    return new ConflictError('The session was changed by another request.');
  }
  /** A Checkout session. */
  static checkoutSessionChanged(): ConflictError {
    return new ConflictError('The payment session was changed by another request.');
  }
  static scheduleChanged(): ConflictError {
    return new ConflictError('The schedule was changed by another request; retry.');
  }
  static subscriptionChanged(): ConflictError {
    return new ConflictError('The subscription was changed by another request; retry.');
  }
}

/** A provider's notification whose X-Provider-Signature is missing or wrong: 401, and nothing changes. */
export class SignatureError extends PlatformError {
  readonly code = 401;
  readonly httpStatus = 401;
  private constructor(message: string) {
    super(message);
  }
  static invalid(): SignatureError {
    return new SignatureError('Signature is not valid.');
  }
  /** A merchant API bearer key that is unknown, revoked, malformed or used from outside the API IP allowlist. */
  static invalidApiKey(): SignatureError {
    return new SignatureError('API key is not valid.');
  }
}

/** 403: the caller is known but its credential may not do this (a read-only API key on a route that changes things). */
export class ForbiddenError extends PlatformError {
  readonly code = 403;
  readonly httpStatus = 403;
  private constructor(message: string) {
    super(message);
  }
  static readOnlyKey(): ForbiddenError {
    return new ForbiddenError('This API key is read-only: it cannot move money or a clock.');
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
