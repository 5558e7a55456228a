/**
 * A merchant callback as recorded in the outbox: written in the same DynamoDB transaction as the state change
 * that causes it, then queued, then delivered. `fields` are the protocol's signed form fields, ready to POST.
 */
import type { FormValue } from '../protocol/form.js';
import type { PaymentProtocol } from './payment.js';

export interface CallbackRecord {
  /** Stable event id: the same on every attempt and every replay, so merchants can drop duplicates. */
  eventId: string;
  transId: string;
  clientKey: string;
  /** Position within the payment's callbacks; delivery keeps this order. */
  seq: number;
  protocol: PaymentProtocol;
  /** Resolved when the callback is recorded (merchant notification URL, or an APM payment's callback_url). */
  url: string;
  fields: Record<string, FormValue>;
  createdAt: string;
}

/** The SQS message body: a pointer to the outbox item, never the card-derived payload itself. */
export interface CallbackMessage {
  transId: string;
  eventId: string;
  seq: number;
}
