import type { CallbackRecord } from '../domain/callback.js';
import type { Payment } from '../domain/payment.js';

/** Replay data for a request that was already processed (same merchant, same body). */
export interface IdempotentResult {
  statusCode: number;
  body: string;
}

export type IdempotencyClaim = { state: 'claimed'; key: string } | { state: 'completed'; result: IdempotentResult } | { state: 'in-progress' };

export interface PaymentStore {
  get(transId: string): Promise<Payment | undefined>;
  /** Most recent first. */
  findByOrder(clientKey: string, orderId: string, limit: number): Promise<Payment[]>;
  /**
   * Claims an idempotency key before any side effect (connector call). A second identical request while the first
   * runs sees in-progress; after it finished, it gets the first one's stored result.
   */
  claim(key: string, ttlSeconds: number): Promise<IdempotencyClaim>;
  /**
   * Records a new payment as PREPARE before the acquirer is asked, so a crash after the acquirer answered still
   * leaves the payment on record; with `claim`, takes the idempotency key in the same transaction (one round trip).
   * Throws IdempotencyClaimedError when the key is already taken (in progress, or completed with its answer).
   */
  reserve(payment: Payment, claim?: { key: string; ttlSeconds: number }): Promise<void>;
  /** Creates a payment with its callbacks atomically (the outbox); completes the idempotency claim if given. */
  create(payment: Payment, callbacks: CallbackRecord[], idempotency?: { key: string; result: IdempotentResult }): Promise<void>;
  /**
   * Writes the next state of a payment if nobody changed it since `payment.version - 1` was read
   * (throws ConflictError otherwise), with its callbacks in the same transaction.
   */
  update(payment: Payment, callbacks: CallbackRecord[], idempotency?: { key: string; result: IdempotentResult }): Promise<void>;
  /** Releases a claim whose request failed before anything was written, so the merchant can retry. */
  release(key: string): Promise<void>;
}

/** reserve() found the idempotency key taken: by a request still running, or by a finished one (its answer). */
export class IdempotencyClaimedError extends Error {
  constructor(readonly claim: Exclude<IdempotencyClaim, { state: 'claimed' }>) {
    super(claim.state === 'completed' ? 'Request already processed' : 'Request in progress');
  }
}
