export { OpenPayments, type OpenPaymentsOptions } from './client.js';
export { S2sCard, paymentKeys } from './api/s2s-card.js';
export type {
  PaymentKeys,
  SaleRequest,
  WalletSaleRequest,
  DebitRequest,
  Card2CardRequest,
  Credit2CardRequest,
  RecurringRequest,
  ScheduleSettings,
  Payer,
  Order,
} from './api/s2s-card.js';
export { S2sApm, type ApmPaymentRequest, type ApmResult } from './api/s2s-apm.js';
export { Checkout } from './api/checkout.js';
export type {
  SessionRequest,
  CheckoutOrder,
  PaymentStatusResult,
  AcceptedResult,
  VoidResult,
  RecurringResult,
  CheckoutPaymentStatus,
} from './api/checkout.js';
export {
  HostedFields,
  type SessionTokenRequest,
  type SessionUpdate,
  type ProcessingRequest,
  type ProcessingResult,
} from './api/hosted-fields.js';
export type { S2sResult, S2sResultCode, S2sStatus, ScheduleInfo } from './api/s2s-types.js';
export {
  ApiError,
  NetworkError,
  OpenPaymentsError,
  SignatureVerificationError,
  UnexpectedResponseError,
  type FieldErrorEntry,
} from './errors.js';
export { verifyCallback, type VerifyCallbackOptions, type CallbackHeaders } from './callbacks/verify.js';
export type { CallbackEvent, CheckoutCallback, S2sCallback } from './callbacks/events.js';
export { callbackHmac, DEFAULT_TOLERANCE_SECONDS, EVENT_ID_HEADER, SIGNATURE_HEADER } from './callbacks/signature-header.js';
export { Transport, DEFAULT_RETRY, type RetryPolicy, type TransportOptions } from './wire/transport.js';
export { encodeForm, parseForm, type FormFields, type FormValue, type ParsedForm } from './wire/form.js';
export * as hashes from './hashes.js';
export type { HashAlgorithm } from '@open-payments/protocol';
