/**
 * The sandbox APM provider, brand `vcard` (protocol.md §8): the payer identifier chooses the outcome.
 *
 *   success@gmail.com          approved (SALE → SETTLED, auth=Y → PENDING; payouts and debits approved)
 *   fail@gmail.com             declined "Declined by processing."
 *   redirect@gmail.com         REDIRECT: the payer visits the method's page, then approved
 *   redirect-fail@gmail.com    REDIRECT, then declined
 *   anything else              declined "Unknown sandbox identifier."
 *
 * Captures, refunds and voids are approved. DEBIT2VIRTUAL commission: 2 % of the amount, rounded up to a minor unit.
 * Inquiries about unanswered transactions (docs/reconciliation.md) give what the provider would have answered; a
 * redirect payment whose payer never reached the method's page is declined "Payment was not completed.".
 */
import { createHash } from 'node:crypto';
import type { Connector, ConnectorInquiry, ConnectorOutcome } from '../ports/connector.js';
import type { ApmConnector, ApmPaymentRequest } from '../ports/apm-connector.js';

export const SANDBOX_APM_NAME = 'sandbox-apm';
export const SANDBOX_APM_DECLINE_REASON = 'Declined by processing.';
export const SANDBOX_APM_UNKNOWN_IDENTIFIER = 'Unknown sandbox identifier.';
export const SANDBOX_APM_IDENTIFIERS = {
  success: 'success@gmail.com',
  fail: 'fail@gmail.com',
  redirect: 'redirect@gmail.com',
  redirectFail: 'redirect-fail@gmail.com',
} as const;

function digits(seed: string, n: number): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  return BigInt(`0x${hex.slice(0, 15)}`).toString().padStart(n, '0').slice(-n);
}

const approved = (transId: string): ConnectorOutcome => ({ kind: 'approved', rrn: digits(`apm-rrn:${transId}`, 12), approvalCode: digits(`apm-auth:${transId}`, 6) });
const declined = (transId: string, reason = SANDBOX_APM_DECLINE_REASON): ConnectorOutcome => ({ kind: 'declined', reason, rrn: digits(`apm-rrn:${transId}`, 12) });

/** Identifiers compare case-insensitively, as e-mail addresses do. */
function scenario(identifier: string | undefined): 'success' | 'fail' | 'redirect' | 'redirectFail' | 'unknown' {
  const id = identifier?.trim().toLowerCase();
  const hit = Object.entries(SANDBOX_APM_IDENTIFIERS).find(([, v]) => v === id);
  return (hit?.[0] as keyof typeof SANDBOX_APM_IDENTIFIERS | undefined) ?? 'unknown';
}

function direct(req: { transId: string; identifier?: string }, allowRedirect: boolean): ConnectorOutcome {
  switch (scenario(req.identifier)) {
    case 'success':
      return approved(req.transId);
    case 'fail':
      return declined(req.transId);
    case 'redirect':
      return allowRedirect ? { kind: 'challenge', type: 'REDIRECT' } : approved(req.transId);
    case 'redirectFail':
      return allowRedirect ? { kind: 'challenge', type: 'REDIRECT' } : declined(req.transId);
    default:
      return declined(req.transId, SANDBOX_APM_UNKNOWN_IDENTIFIER);
  }
}

export const sandboxApmConnector: ApmConnector = {
  name: SANDBOX_APM_NAME,
  brands: ['vcard'],

  async pay(req: ApmPaymentRequest) {
    return direct(req, true);
  },

  async completeRedirect(req: ApmPaymentRequest) {
    return scenario(req.identifier) === 'redirect' ? approved(req.transId) : declined(req.transId);
  },

  async payout(req) {
    return direct(req, false);
  },

  commission(req) {
    return Number((BigInt(req.amount) * 2n + 99n) / 100n);
  },

  async capture(req) {
    return approved(`${req.transId}:capture`);
  },

  async refund(req) {
    return approved(`${req.transId}:refund`);
  },

  async void(req) {
    return approved(`${req.transId}:void`);
  },
};

const notACardAcquirer = async (): Promise<ConnectorOutcome> => ({ kind: 'declined', reason: 'Card payments are not supported by this connector.' });

/**
 * The same provider through the card Connector port, so the protocol-neutral follow-up cores (capture, void,
 * creditvoid) reach it by the payment's connector name. It takes no card payments.
 */
export const sandboxApmFollowUps: Connector = {
  name: SANDBOX_APM_NAME,
  requiresAcceptHeader: false,
  pay: notACardAcquirer,
  completeChallenge: notACardAcquirer,
  payout: notACardAcquirer,
  capture: (req) => sandboxApmConnector.capture(req),
  refund: (req) => sandboxApmConnector.refund(req),
  void: (req) => sandboxApmConnector.void(req),
  inquire: async (req) => sandboxApmInquiry(req),
};

export const SANDBOX_APM_NOT_COMPLETED = 'Payment was not completed.';

function sandboxApmInquiry(req: ConnectorInquiry): ConnectorOutcome {
  if (['CAPTURE', 'REFUND', 'REVERSAL', 'VOID'].includes(req.type)) return approved(`${req.transId}:${req.attemptId}`);
  const s = scenario(req.identifier);
  // The first request of a redirect payment waited for the payer's visit, which never came.
  if ((s === 'redirect' || s === 'redirectFail') && req.attemptId === req.transId) return declined(req.transId, SANDBOX_APM_NOT_COMPLETED);
  return direct(req, false);
}
