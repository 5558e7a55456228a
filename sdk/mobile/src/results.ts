/**
 * What the operations answer: the platform's JSON, typed as the platform declares it (@open-payments/protocol
 * answers.ts, generated from the platform's answer schemas; docs/checkout.md §5). The merchant backend forwards it
 * unchanged.
 */
import type {
  CheckoutAcceptedAnswer,
  CheckoutPaymentStatus,
  CheckoutPaymentStatusAnswer,
  CheckoutVoidAnswer,
} from '@open-payments/protocol';

export type PaymentStatus = CheckoutPaymentStatusAnswer;
export type OrderSummary = CheckoutPaymentStatusAnswer['order'];

/** Lower-case payment states of the Checkout status lookup: the platform's own set (generated with the answers). */
export type PaymentState = CheckoutPaymentStatus;

/** The refund runs asynchronously; its outcome arrives by callback and in the status. */
export type RefundAccepted = CheckoutAcceptedAnswer;

export type VoidResult = CheckoutVoidAnswer;
