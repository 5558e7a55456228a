/** @open-payments/mobile-sdk — the framework-free core (no Node built-ins; runs in Hermes, browsers and Node). */
export { CheckoutSdk, type CheckoutSdkOptions, type StatusQuery } from './checkout-sdk.js';
export { CheckoutWebViewController, type CheckoutResult } from './webview/controller.js';
export type { CheckoutOutcome } from './webview/return-url.js';
export * from './errors.js';
export type { PaymentStatus, PaymentState, RefundAccepted, VoidResult, OrderSummary } from './results.js';
export {
  OPERATIONS,
  URL_TARGETS,
  toSessionFields,
  type PaymentRequest,
  type Order,
  type Customer,
  type BillingAddress,
  type CheckoutOperation,
  type UrlTarget,
} from './request/payment-request.js';
export {
  checkoutHash,
  hashEquals,
  sessionHash,
  idHash,
  paymentAmountHash,
  returnHash,
  type HashAlgorithm,
  type Signer,
  type HashedOrder,
} from './hash/formulas.js';
export {
  OPERATIONS_BY_PATH,
  signedBody,
  session,
  status,
  refund,
  voidPayment,
  type CheckoutOperationSpec,
  type Credentials,
} from './operations/index.js';
export { returnTarget, type WireProblem } from './request/validate.js';
export type { FetchLike } from './transport.js';
