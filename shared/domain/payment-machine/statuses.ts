/**
 * Facts about each payment status: whether it is final, whether the payer is on a 3DS / redirect step, and what a
 * repeated request for the payment's own transaction answers while the payment is in it.
 */
import type { PaymentStatus } from '../payment.js';

export interface StatusFacts {
  /** Nothing moves the payment out of it (late answers are still recorded and reported; the status stays). */
  final: boolean;
  /** The payer is on the platform's 3DS / redirect page: the answer carries redirect_*. */
  payerStep: boolean;
  /** What the payment's own transaction answers while the payment is in this status. */
  result: 'SUCCESS' | 'DECLINED' | 'REDIRECT' | 'UNDEFINED';
}

export const STATUSES: Record<PaymentStatus, StatusFacts> = {
  PREPARE: { final: false, payerStep: false, result: 'UNDEFINED' },
  '3DS': { final: false, payerStep: true, result: 'REDIRECT' },
  REDIRECT: { final: false, payerStep: true, result: 'REDIRECT' },
  PENDING: { final: false, payerStep: false, result: 'SUCCESS' },
  SETTLED: { final: false, payerStep: false, result: 'SUCCESS' },
  // Final for every payment except a recurring charge, which RETRY may charge again (guarded in the table).
  DECLINED: { final: false, payerStep: false, result: 'DECLINED' },
  VOID: { final: true, payerStep: false, result: 'SUCCESS' },
  REFUND: { final: true, payerStep: false, result: 'SUCCESS' },
  REVERSAL: { final: true, payerStep: false, result: 'SUCCESS' },
  CHARGEBACK: { final: true, payerStep: false, result: 'SUCCESS' },
};

export const ALL_STATUSES = Object.keys(STATUSES) as PaymentStatus[];

export const isFinal = (s: PaymentStatus): boolean => STATUSES[s].final;
export const onPayerStep = (s: PaymentStatus): boolean => STATUSES[s].payerStep;
