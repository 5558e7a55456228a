import type { Action } from './actions.js';
import type { PaymentDetails } from './payment-details.js';

export type { Action } from './actions.js';
export type { PaymentDetails } from './payment-details.js';

/**
 * The payment aggregate as stored. One item per payment (trans_id); its history of transactions is kept on the item
 * so every state change is one conditional write guarded by `version`.
 */
export type PaymentStatus =
  '3DS' | 'REDIRECT' | 'PENDING' | 'PREPARE' | 'SETTLED' | 'REVERSAL' | 'REFUND' | 'VOID' | 'CHARGEBACK' | 'DECLINED';

/** Which protocol created the payment: decides callback format and signature. */
export type PaymentProtocol = 's2s-card' | 's2s-apm' | 'checkout';

export type TransactionType =
  | 'SALE'
  | 'AUTH'
  | 'CAPTURE'
  | 'VOID'
  | 'REFUND'
  | 'REVERSAL'
  | 'DEBIT'
  | 'CREDIT2CARD'
  /** S2S APM payout to the payer's account at the method. */
  | 'CREDIT2VIRTUAL'
  | 'CARD2CARD'
  | 'RECURRING_SALE'
  | 'RECURRING_DEBIT'
  | '3DS'
  | 'REDIRECT'
  | 'CHARGEBACK';

export interface TransactionRecord {
  type: TransactionType;
  /** success | waiting | fail (GET_TRANS_DETAILS wording). */
  status: 'success' | 'waiting' | 'fail';
  date: string;
  /** Minor units. */
  amount: number;
  id: string;
  declineReason?: string;
  /** The acquirer's ARN of a follow-up (a refund's own); the payment's own transaction keeps it on Payment.arn. */
  arn?: string;
}

/** Masked card data only: first six and last four digits, expiry and brand. The PAN itself is never on this record. */
export interface CardSummary {
  bin: string;
  last4: string;
  expMonth: string;
  expYear: string;
  brand: string;
}

export interface Payment {
  transId: string;
  clientKey: string;
  protocol: PaymentProtocol;
  /** The action that created the payment (SALE, DEBIT, CREDIT2CARD, RECURRING_SALE ...). */
  action: Action;
  orderId: string;
  orderDescription: string;
  currency: string;
  /** Amount requested, minor units. */
  amount: number;
  capturedAmount: number;
  refundedAmount: number;
  status: PaymentStatus;
  midId: string;
  connector: string;
  card?: CardSummary;
  payerEmail?: string;
  /** Payer and request details echoed by status calls and callbacks (never card data). */
  details: PaymentDetails;
  declineReason?: string;
  rrn?: string;
  arn?: string;
  approvalCode?: string;
  descriptor: string;
  recurringToken?: string;
  cardToken?: string;
  createdAt: string;
  updatedAt: string;
  history: TransactionRecord[];
  /** Callbacks recorded so far; the next one gets seq callbackCount + 1. */
  callbackCount: number;
  version: number;
  /** Follow-up requests' idempotency claims, each held by the attempt it reserved while that attempt waits. */
  claims?: AttemptClaim[];
  /**
   * The answer to the request that created the payment, for its identical repeats: kept here, in the write that
   * records the outcome, instead of in a third item of that transaction (its claim names this payment).
   */
  answer?: StoredAnswer;
  /**
   * S2S CARD follow-up hash verifier (operations/s2s-card/follow-up-verifier.ts): an HMAC keyed by the merchant's
   * password of the hash a follow-up must send, so the reservation's condition can refuse a wrong hash unwritten.
   */
  fuv?: string;
}

export interface StoredAnswer {
  /** The request's idempotency key, shortened. */
  key: string;
  statusCode: number;
  body: string;
  /** Epoch seconds: kept until the claim expires; later writes drop it. */
  until: number;
}

/**
 * A follow-up request's claim kept on the payment itself (operations/payment/internal/follow-up-claim.ts): taken by the same
 * conditional write that reserves the attempt, dropped by the one that records its outcome.
 */
export interface AttemptClaim {
  /** The request's follow-up key, shortened (a hash of merchant, action and target). */
  key: string;
  attemptId: string;
  /** Epoch ms: until then its request is presumed alive; after it a duplicate answers the attempt instead. */
  lockExpiresAt: number;
  /** Shortened hash of the request body: another body finding the claim abandoned is told to retry. */
  bodyHash?: string;
}

export function maskCard(card: CardSummary): string {
  return `${card.bin}****${card.last4}`;
}

/** "YYYY-MM-DD HH:MM:SS" in UTC, the protocol's date format. */
export function protocolDate(iso: string): string {
  return iso.replace('T', ' ').slice(0, 19);
}
