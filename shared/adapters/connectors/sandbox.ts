/**
 * The sandbox acquirer: deterministic outcomes chosen by the test card's expiry (protocol.md §8), with RRN,
 * ARN and approval codes derived from the transaction id so repeated lookups agree.
 *
 *   01/2038 approved            02/2038 declined              03/2038 approved, capture declined
 *   05/2038 3DS then approved   06/2038 3DS then declined     12/2038 redirect then approved
 *   12/2039 redirect then declined   4601541833776519 (any expiry): payouts approved
 *   04/2038 declined "Issuer unavailable." (a soft decline) on the first MID tried, approved when the payment
 *           cascades to another MID (routing rules, docs/routing.md)
 *   10/2038 the acquirer never answers (this platform's addition: lets merchants test UNDEFINED / PREPARE)
 *   08/2038 approved, but the acquirer never answers its CAPTURE (UNDEFINED / PENDING; an inquiry finds it captured)
 *
 * Inquiries about unanswered transactions (the reconciler, docs/reconciliation.md), also this platform's addition:
 *   10/2038 the acquirer never processed it: DECLINED "Acquirer did not answer."
 *   11/2038 never answers the payment, but an inquiry finds it approved (SETTLED, or PENDING for auth=Y)
 *   09/2038 never answers, not even inquiries: declined by the platform once it gives up (24 h by default)
 *   any other card: what the sandbox would have answered (a lost 3DS / redirect payment: not completed, declined);
 *   captures as capture(), refunds, reversals and voids approved.
 */
import { sandboxDigits } from './sandbox-digits.js';
import { getConfig } from '../../lib/config.js';
import { AcquirerTimeoutError } from './policy.js';
import type { Connector, ConnectorInquiry, ConnectorOutcome, ConnectorPaymentRequest } from '../../ports/connector.js';

export const SANDBOX_DECLINE_REASON = 'Declined by processing.';
export const SANDBOX_NO_ANSWER_REASON = 'Acquirer did not answer.';
export const SANDBOX_NOT_COMPLETED_REASON = 'Authentication was not completed.';
export const SANDBOX_SOFT_DECLINE_REASON = 'Issuer unavailable.';

function approved(transId: string): ConnectorOutcome {
  return {
    kind: 'approved',
    rrn: sandboxDigits(`rrn:${transId}`, 12),
    approvalCode: sandboxDigits(`auth:${transId}`, 6),
    arn: `7${sandboxDigits(`arn:${transId}`, 22)}`,
  };
}

function declined(transId: string): ConnectorOutcome {
  return { kind: 'declined', reason: SANDBOX_DECLINE_REASON, rrn: sandboxDigits(`rrn:${transId}`, 12) };
}

/** The round trip a real acquirer takes (SANDBOX_LATENCY_MS): lets tests catch payments mid-flight. */
export async function sandboxLatency(): Promise<void> {
  const ms = getConfig().SANDBOX_LATENCY_MS;
  if (ms > 0) await new Promise((r) => setTimeout(r, ms));
}

export { AcquirerTimeoutError };

type Scenario =
  | 'soft-decline'
  | 'capture-no-answer'
  | 'no-answer'
  | 'no-answer-approved'
  | 'no-answer-ever'
  | 'success'
  | 'decline'
  | 'capture-decline'
  | '3ds-success'
  | '3ds-fail'
  | 'redirect-success'
  | 'redirect-fail';

export function sandboxScenario(expMonth: string, expYear: string): Scenario {
  const key = `${expMonth.padStart(2, '0')}/${expYear.length === 2 ? `20${expYear}` : expYear}`;
  switch (key) {
    case '01/2038':
      return 'success';
    case '03/2038':
      return 'capture-decline';
    case '04/2038':
      return 'soft-decline';
    case '10/2038':
      return 'no-answer';
    case '08/2038':
      return 'capture-no-answer';
    case '11/2038':
      return 'no-answer-approved';
    case '09/2038':
      return 'no-answer-ever';
    case '05/2038':
      return '3ds-success';
    case '06/2038':
      return '3ds-fail';
    case '12/2038':
      return 'redirect-success';
    case '12/2039':
      return 'redirect-fail';
    default:
      return 'decline';
  }
}

export const sandboxConnector: Connector = {
  name: 'sandbox',
  requiresAcceptHeader: false,
  canRequestChallenge: true,

  async pay(req: ConnectorPaymentRequest): Promise<ConnectorOutcome> {
    await sandboxLatency();
    if (!req.card) return approved(req.transId); // tokens and wallets resolve to an approved sandbox card
    const scenario = sandboxScenario(req.card.expMonth, req.card.expYear);
    if (scenario.startsWith('no-answer')) throw new AcquirerTimeoutError('sandbox acquirer timed out');
    if (scenario === 'decline') return declined(req.transId);
    if (scenario === 'soft-decline' && (req.routingAttempt ?? 1) === 1)
      return { kind: 'declined', reason: SANDBOX_SOFT_DECLINE_REASON, rrn: sandboxDigits(`rrn:${req.transId}`, 12) };
    // External 3DS (mpi_data) or a held authorization skips the platform's own challenge.
    if (scenario.startsWith('3ds') && !req.externalThreeDs) return { kind: 'challenge', type: '3DS' };
    // A risk rule asked for 3DS: any card the sandbox would take faces the challenge first.
    if (req.requestChallenge && !req.externalThreeDs && scenario === 'success') return { kind: 'challenge', type: '3DS' };
    if (scenario.startsWith('redirect')) return { kind: 'challenge', type: 'REDIRECT' };
    if (scenario.endsWith('fail')) return declined(req.transId);
    return approved(req.transId);
  },

  async completeChallenge(req): Promise<ConnectorOutcome> {
    // The sandbox answers about the payment it was asked about, and says so (a completion must name its payment).
    const about = { reference: req.transId, amount: req.amount, currency: req.currency };
    if (!req.card) return { ...approved(req.transId), about };
    return {
      ...(sandboxScenario(req.card.expMonth, req.card.expYear).endsWith('fail') ? declined(req.transId) : approved(req.transId)),
      about,
    };
  },

  async capture(req): Promise<ConnectorOutcome> {
    await sandboxLatency();
    const scenario = req.card && sandboxScenario(req.card.expMonth, req.card.expYear);
    if (scenario === 'capture-no-answer') throw new AcquirerTimeoutError('sandbox acquirer timed out');
    if (scenario === 'capture-decline') return declined(req.transId);
    return approved(req.transId);
  },

  async refund(req): Promise<ConnectorOutcome> {
    await sandboxLatency();
    // Each refund its own ARN, as an acquirer's.
    return approved(`${req.transId}:refund${req.attemptId ? `:${req.attemptId}` : ''}`);
  },

  async void(req): Promise<ConnectorOutcome> {
    await sandboxLatency();
    return approved(`${req.transId}:void`);
  },

  async payout(req): Promise<ConnectorOutcome> {
    await sandboxLatency();
    return req.card.number === '4601541833776519' || sandboxScenario(req.card.expMonth, req.card.expYear) === 'success'
      ? approved(req.transId)
      : declined(req.transId);
  },

  async inquire(req: ConnectorInquiry): Promise<ConnectorOutcome | 'unknown'> {
    return sandboxInquiry(req);
  },
};

const FOLLOW_UPS = ['CAPTURE', 'REFUND', 'REVERSAL', 'VOID'];

/** The sandbox's answer to an inquiry (see the table above); deterministic, like every sandbox outcome. */
export function sandboxInquiry(req: ConnectorInquiry): ConnectorOutcome | 'unknown' {
  const scenario = req.card ? sandboxScenario(req.card.expMonth, req.card.expYear) : 'success';
  if (scenario === 'no-answer-ever') return 'unknown';
  if (scenario === 'no-answer') return { kind: 'declined', reason: SANDBOX_NO_ANSWER_REASON };
  if (FOLLOW_UPS.includes(req.type)) {
    return req.type === 'CAPTURE' && scenario === 'capture-decline' ? declined(req.transId) : approved(`${req.transId}:${req.attemptId}`);
  }
  if (scenario === 'no-answer-approved' || scenario === 'success' || scenario === 'capture-decline') return approved(req.transId);
  // An inquiry cannot tell which MID answered: a soft-declined payment found unanswered is reported declined.
  if (scenario === 'decline' || scenario === 'soft-decline') return declined(req.transId);
  // A 3DS / redirect payment: its first request wanted the payer's step, which nobody completed; its completion
  // (a follow-up attempt of the same type) was decided by the card.
  if (req.attemptId === req.transId) return { kind: 'declined', reason: SANDBOX_NOT_COMPLETED_REASON };
  return scenario.endsWith('fail') ? declined(req.transId) : approved(req.transId);
}
