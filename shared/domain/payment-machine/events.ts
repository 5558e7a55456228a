/**
 * The events the payment state machine knows. Requests (a merchant's follow-up, the payer back from a page, a
 * provider's notification, a timer) may be refused by a guard; answers (the acquirer's or provider's verdict on a
 * transaction that was waiting) always find a row, though a late one may leave the status as it is.
 */
import type { TransactionType } from '../payment.js';

/** Follow-up transactions, whose answers are named `<TYPE>_APPROVED` / `<TYPE>_DECLINED`. */
export type FollowUpType = 'CAPTURE' | 'VOID' | 'REFUND' | 'REVERSAL';

export type RequestEvent =
  /** CAPTURE of a held authorization (amount: the capture amount, or the authorized amount). */
  | 'CAPTURE'
  | 'VOID'
  /** A refund or reversal (the row picks which); amount: the requested amount, or all that is left. */
  | 'CREDITVOID'
  | 'CHARGEBACK'
  /** RETRY of a soft-declined recurring charge. */
  | 'RETRY'
  /** The payer submitted the 3DS / redirect / method page: the payment's own transaction is attempted. */
  | 'PAYER_RETURNED'
  /** DEBIT2VIRTUAL_COMPLETE of a calculated two-step debit. */
  | 'COMPLETE_DEBIT'
  /** An APM provider's notification: paid / rejected / still pending. */
  | 'PROVIDER_APPROVED'
  | 'PROVIDER_DECLINED'
  | 'PROVIDER_PENDING'
  /** The APM timer: the provider step's deadline passed unpaid. */
  | 'DEADLINE_PASSED';

export type AnswerEvent =
  /** The payment's own transaction (first answer, after 3DS / redirect, a retry, or the reconciler's inquiry). */
  | 'APPROVED'
  | 'DECLINED'
  | 'CHALLENGED_3DS'
  | 'CHALLENGED_REDIRECT'
  /** An APM provider took the payment and waits for the payer's transfer (crypto address). */
  | 'AWAITING_PROVIDER'
  /** No answer (timeout, crash): the transaction stays waiting until the reconciler learns its outcome. */
  | 'NO_ANSWER'
  /**
   * The acquirer took the transaction but has not decided (an upstream gateway's refund, whose outcome arrives by its
   * callback), or answered a follow-up with a step nobody can take: it stays waiting, reported UNDEFINED.
   */
  | 'PENDING'
  | `${FollowUpType}_${'APPROVED' | 'DECLINED'}`;

export type EventName = RequestEvent | AnswerEvent;

export interface MachineEvent {
  name: EventName;
  /** Minor units: the capture / refund / chargeback amount (answers: the attempt's amount). */
  amount?: number;
  /** APPROVED of the payment's own transaction: the funds are held (authorization), not settled. */
  hold?: boolean;
  /** When the event happens (ISO); VOID's same-day rule needs it. */
  now?: string;
}

/** Why a request is refused; the calling protocol words it (operations/payment/refusals.ts). */
export type Refusal = 'NOT_ALLOWED' | 'CAPTURE_TOO_LARGE' | 'PARTIAL_REVERSAL' | 'REFUND_TOO_LARGE' | 'CHARGEBACK_TOO_LARGE';

/** The answer event for a waiting transaction of this type. */
export function answerEvent(type: TransactionType, approved: boolean): AnswerEvent {
  const verdict = approved ? 'APPROVED' : 'DECLINED';
  switch (type) {
    case 'CAPTURE':
    case 'VOID':
    case 'REFUND':
    case 'REVERSAL':
      return `${type}_${verdict}`;
    default:
      return verdict;
  }
}
