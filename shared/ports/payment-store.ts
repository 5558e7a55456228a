import type { CallbackRecord } from '../domain/callback.js';
import type { Alongside } from './transaction-items.js';
import type { Payment, PaymentProtocol } from '../domain/payment.js';
import type { FollowUpEvent } from '../domain/payment-machine/index.js';

/** Replay data for a request that was already processed (same merchant, same body). */
export interface IdempotentResult {
  statusCode: number;
  body: string;
}

/**
 * A taken key: finished (its answer), or still in progress. An in-progress claim names what it reserved (the new
 * payment's trans_id, or the follow-up attempt on a payment) once it reserved it, and is `stale` once its holder's
 * lock ran out (the holder most likely died): a claim that reserved something is never handed to another request,
 * which must answer that very payment or attempt instead (operations/payment/internal/recover.ts).
 */
export type IdempotencyClaim =
  | { state: 'claimed'; key: string }
  | { state: 'completed'; result: IdempotentResult }
  | { state: 'in-progress'; stale: boolean; reserved?: ClaimedEffect; bodyHash?: string };

/** What a claim reserved: a new payment (attemptId = transId) or an attempt on an existing payment. */
export interface ClaimedEffect {
  transId: string;
  attemptId: string;
}

/**
 * A follow-up's reservation without reading the payment first (operations/payment/internal/follow-up.ts): one conditional
 * write that takes the plan the machine left on the payment (FollowUpPlan) for this event, if the payment is the
 * merchant's and the plan takes the amount, and records the attempt as waiting with the request's claim.
 */
export interface FollowUpIntent {
  transId: string;
  clientKey: string;
  /** Only a payment of this protocol (Checkout acts on its own payments only). */
  protocol?: PaymentProtocol;
  event: FollowUpEvent;
  /** Only a payment keeping this verifier of the request's hash (`fuv`, S2S CARD: its hash covers the payment's payer and card). */
  verifier?: string;
  /** Minor units as the request named them, read with two decimals (the plan must be for such a currency); undefined: the plan's amount. */
  amount?: number;
  attemptId: string;
  /** The request's claim as kept on the payment (AttemptClaim). */
  claim: { key: string; lockExpiresAt: number; bodyHash?: string };
  /** ISO instant: the attempt's date. */
  now: string;
}

/** Reserved: the payment with the attempt waiting. Otherwise the payment as it is (undefined: no such payment). */
export type FollowUpReservation = { reserved: Payment } | { current: Payment | undefined };

/** A page of a merchant's payments, newest first (admin CLI). */
export interface PaymentListing {
  /** ISO instant: only payments created at or after it. */
  since?: string;
  status?: string;
  limit: number;
}

export interface PaymentStore {
  /** How long a claim's holder is presumed alive (ms); after that its claim is stale (see IdempotencyClaim). */
  readonly claimLockMs: number;
  get(transId: string): Promise<Payment | undefined>;
  /** Newest first; `more` says whether older ones matching are left. Payments written before the index are absent until their next change. */
  listForMerchant(clientKey: string, opts: PaymentListing): Promise<{ payments: Payment[]; more: boolean }>;
  /** Most recent first. */
  findByOrder(clientKey: string, orderId: string, limit: number): Promise<Payment[]>;
  /**
   * Claims an idempotency key before any side effect (connector call). A second identical request while the first
   * runs sees in-progress; after it finished, it gets the first one's stored result.
   */
  claim(key: string, ttlSeconds: number, bodyHash?: string): Promise<IdempotencyClaim>;
  /**
   * Records a new payment as PREPARE before the acquirer is asked, so a crash after the acquirer answered still
   * leaves the payment on record; with `claim`, takes the idempotency key in the same transaction (one round trip).
   * Throws IdempotencyClaimedError when the key is already taken (in progress, or completed with its answer).
   */
  reserve(payment: Payment, claim?: { key: string; ttlSeconds: number }): Promise<void>;
  /**
   * The trans id a payment-creating request with this idempotency key reserves its payment under: the payment is
   * then its own claim (reserve() is one conditional write, and a duplicate finds it). Undefined: the store keeps
   * claims as items of their own, and the caller names the payment as it likes.
   */
  transIdFor(key: string): Promise<string | undefined>;
  /**
   * Writes a payment's next state (a follow-up attempt recorded as waiting) and notes on the follow-up's claim that
   * it reserved this attempt, in one transaction: from then on the claim is never handed to another request.
   */
  reserveAttempt(payment: Payment, claim: { key: string; attemptId: string }, opts?: Alongside): Promise<void>;
  /** See FollowUpIntent; the payment that refused the condition is returned in place of a read. */
  reserveFollowUp(intent: FollowUpIntent, opts?: Alongside): Promise<FollowUpReservation>;
  /** Completes an in-progress claim that reserved `transId` with its answer (a request that took over a stale claim), kept for `ttlSeconds`. */
  completeClaim(key: string, transId: string, result: IdempotentResult, ttlSeconds?: number): Promise<void>;
  /** Creates a payment with its callbacks atomically (the outbox); completes the idempotency claim if given. */
  create(payment: Payment, callbacks: CallbackRecord[], idempotency?: { key: string; result: IdempotentResult }): Promise<void>;
  /**
   * Writes the next state of a payment if nobody changed it since `payment.version - 1` was read
   * (throws ConflictError otherwise), with its callbacks in the same transaction. `keepSeconds`: the claim was taken
   * with the payment's reservation (it names the payment), so the answer is kept on the payment for that long and a
   * repeat is answered from there (reserve() reads it) — one item fewer in the transaction. `alongside`: entries
   * stored in the same transaction (a console action's audit entry, a chargeback's index entry).
   */
  update(
    payment: Payment,
    callbacks: CallbackRecord[],
    idempotency?: { key: string; result: IdempotentResult; keepSeconds?: number },
    opts?: Alongside,
  ): Promise<void>;
  /**
   * Releases an in-progress claim: after its follow-up finished, or when its request failed before it reserved
   * anything (so the merchant can retry). `onlyIfUnreserved` keeps a claim that reserved a payment or attempt.
   */
  release(key: string, opts?: { onlyIfUnreserved?: boolean }): Promise<void>;
}

/** reserve() found the idempotency key taken: by a request still running, or by a finished one (its answer). */
export class IdempotencyClaimedError extends Error {
  constructor(readonly claim: Exclude<IdempotencyClaim, { state: 'claimed' }>) {
    super(claim.state === 'completed' ? 'Request already processed' : 'Request in progress');
  }
}
