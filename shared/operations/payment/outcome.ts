/** What an acquirer's answer does to a new payment, shared by every path that decides one (charge, 3DS, reconciler). */
import type { Payment } from '../../domain/payment.js';
import type { ConnectorOutcome } from '../../ports/connector.js';
import type { PaymentEvent } from './types.js';

export function resultOf(outcome: ConnectorOutcome): PaymentEvent['result'] {
  if (outcome.kind === 'pending') return 'UNDEFINED';
  return outcome.kind === 'approved' ? 'SUCCESS' : outcome.kind === 'declined' ? 'DECLINED' : 'REDIRECT';
}

/** Applies an approval or decline to a payment (also used when a 3DS / redirect step completes). */
export function applyOutcome(p: Payment, outcome: ConnectorOutcome, authorize: boolean): void {
  if (outcome.kind === 'approved') {
    p.status = authorize ? 'PENDING' : 'SETTLED';
    p.capturedAmount = authorize ? 0 : p.amount;
    p.rrn = outcome.rrn;
    p.arn = outcome.arn;
    p.approvalCode = outcome.approvalCode;
    p.declineReason = undefined;
  } else if (outcome.kind === 'declined') {
    p.status = 'DECLINED';
    p.declineReason = outcome.reason;
    p.rrn = outcome.rrn;
  } else if (outcome.kind === 'challenge') {
    p.status = outcome.type;
  }
  // pending: nothing is decided yet; the acquirer's notification or an inquiry will.
}

