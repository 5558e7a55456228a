/**
 * Every acquirer answer is bound to the payment it was asked about. What a connector hands back may not be about that
 * payment at all: a payer can bring another payment's 3DS result to this payment's return address, and the acquirer
 * then answers about that other payment. The registry (registry.ts) compares what the answer names (the outcome's
 * `about`, ports/connector.ts) with the payment the call was for; an answer about another payment is no answer: it
 * is logged (ids and amounts only), counted (metric MismatchedAcquirerAnswers) and thrown, so the transaction stays
 * undetermined until an inquiry or the acquirer's verified notification settles it (docs/connectors.md).
 */
import type { ConnectorOutcome } from '../../ports/connector.js';
import { logger } from '../../lib/logger.js';
import { noteMetric } from '../../lib/telemetry.js';
import { parseAttemptReference } from '../../domain/acquirer-reference.js';

/** The metric counting answers about another payment (docs/telemetry.md). */
export const MISMATCH_METRIC = 'MismatchedAcquirerAnswers';

/** The payment (or follow-up) a call was made for, as the platform knows it. */
export interface ExpectedAnswer {
  /** Our reference the request carried: the payment's trans_id (a retry's own attempt id). */
  transId: string;
  /** The acquirer's id of the payment, once recorded (the payment's rrn). */
  pspReference?: string;
  /** What the request was for: the payment's amount, or the follow-up's. */
  amount: number;
  currency: string;
  /** A decision must name its payment (a completion: what the payer brought back may be another payment's result). */
  mustName?: boolean;
  /**
   * The cascade attempt the call is about (shared/domain/acquirer-reference.ts), for calls about the payment's own
   * transaction: its answer must name that attempt's reference, not an earlier attempt's at another MID. Absent for
   * follow-ups, which connectors report by the payment's trans_id.
   */
  attempt?: number;
}

/** The fields in which the answer is about something else than `expected`; none when it is about this payment. */
export function answerMismatches(outcome: ConnectorOutcome, expected: ExpectedAnswer): string[] {
  const about = outcome.about ?? {};
  const decides = outcome.kind === 'approved' || outcome.kind === 'declined';
  const wrong: string[] = [];
  if (about.reference === undefined ? expected.mustName && decides : !namesPayment(about.reference, expected)) wrong.push('reference');
  if (about.pspReference !== undefined && expected.pspReference !== undefined && about.pspReference !== expected.pspReference)
    wrong.push('pspReference');
  if (about.amount !== undefined && about.amount !== expected.amount) wrong.push('amount');
  if (about.currency !== undefined && about.currency !== expected.currency) wrong.push('currency');
  return wrong;
}

/** Whether `reference` is the payment's trans_id, or its reference for the expected cascade attempt. */
function namesPayment(reference: string, expected: ExpectedAnswer): boolean {
  const named = parseAttemptReference(reference);
  return named.transId === expected.transId && (expected.attempt === undefined || named.attempt === expected.attempt);
}

/** An acquirer's answer about another payment: the caller treats it as no answer (the transaction stays undetermined). */
export class AnswerMismatchError extends Error {
  constructor(readonly fields: string[]) {
    super(`the acquirer's answer is about another payment (${fields.join(', ')} differ)`);
    this.name = 'AnswerMismatchError';
  }
}

/** The outcome, if it is about the expected payment; otherwise logs, counts and throws AnswerMismatchError. */
export function bindAnswer(connector: string, call: string, outcome: ConnectorOutcome, expected: ExpectedAnswer): ConnectorOutcome {
  const wrong = answerMismatches(outcome, expected);
  if (!wrong.length) return outcome;
  const { about } = outcome;
  // References and amounts only: an answer never carries card data into this line.
  logger.error('acquirer answer about another payment; transaction left undetermined', {
    connector,
    call,
    transId: expected.transId,
    answer: outcome.kind,
    differ: wrong,
    expected: { pspReference: expected.pspReference, amount: expected.amount, currency: expected.currency },
    named: { reference: about?.reference, pspReference: about?.pspReference, amount: about?.amount, currency: about?.currency },
  });
  noteMetric(MISMATCH_METRIC, 1);
  throw new AnswerMismatchError(wrong);
}
