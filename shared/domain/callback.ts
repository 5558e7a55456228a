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

/**
 * Where a recorded callback is on its way to the merchant.
 * PENDING: queued or between retries. HELD: waits until the payment's previous callback is delivered (order).
 * DELIVERED: the merchant answered 2xx (or OK). FAILED: retries exhausted (message in the DLQ), or the previous
 * callback FAILED (`blockedBySeq`); an admin replay puts it back to PENDING.
 */
export type DeliveryState = 'PENDING' | 'HELD' | 'DELIVERED' | 'FAILED';

/** One POST to the merchant, as the delivery log keeps it. */
export interface DeliveryAttempt {
  eventId: string;
  transId: string;
  clientKey: string;
  seq: number;
  url: string;
  /** 1-based count over the callback's whole life (replays continue the count). */
  attempt: number;
  at: string;
  latencyMs: number;
  outcome: 'DELIVERED' | 'FAILED';
  httpStatus?: number;
  /** "HTTP 500", "timeout", "connection refused" ...; never the merchant's response body. */
  error?: string;
  /**
   * The X-Callback-Signature header the attempt was sent with ("t=…,v1=…"), so the callback feed serves the request
   * as it was signed. Absent on attempts logged before it was kept.
   */
  signature?: string;
}

/** The outbox item with its delivery progress. */
export interface StoredCallback extends CallbackRecord {
  delivery: DeliveryState;
  attempts: number;
  lastAttempt?: Pick<DeliveryAttempt, 'at' | 'httpStatus' | 'latencyMs' | 'error'>;
  /** A consumer is POSTing it until then (ISO); others leave it alone. */
  leaseUntil?: string;
  leaseId?: string;
  /** The queued message becomes visible again at this time (ISO): copies arriving earlier wait. */
  nextAttemptAt?: string;
  /** FAILED because callback seq `blockedBySeq` of the same payment was not delivered. */
  blockedBySeq?: number;
  /** Why it FAILED without a final attempt of its own (blocked, URL paused). */
  failReason?: string;
  deliveredAt?: string;
  failedAt?: string;
  replays?: number;
}
