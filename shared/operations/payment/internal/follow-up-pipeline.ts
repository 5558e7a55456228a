/**
 * The one pipeline of the follow-ups (CAPTURE, VOID, CREDITVOID), like the state machine's table: each kind declares
 * only how it plans its attempt on the payment as read (capture.ts, void.ts, creditvoid.ts: the machine's rows and
 * the protocol-neutral refusals); resuming an abandoned claim, the attempt's id, the acquirer call, the answer and
 * the writes are here, once. The reservation without a read (follow-up.ts) joins the same tail (attemptFollowUp).
 */
import type { Payment, TransactionType } from '../../../domain/payment.js';
import type { FollowUpEvent } from '../../../domain/payment-machine/index.js';
import type { ConnectorOutcome } from '../../../ports/connector.js';
import { finishAttempt, runAttempt, type Attempt, type AttemptHooks } from './attempt.js';
import { answerFollowUp } from './outcome.js';
import { resumeAbandoned } from './recover.js';
import type { CoreDeps, CoreResult } from './types.js';

/** The ports a follow-up reads and writes. */
export type FollowUpDeps = Pick<CoreDeps, 'payments' | 'callbackQueue' | 'clock' | 'newId' | 'connectors'>;

/** What a follow-up request asks of the payment read: the payment, and the amount it named (minor units). */
export interface FollowUpInput {
  payment: Payment;
  amount?: number;
}

/** One follow-up kind, as it declares itself into the pipeline. */
export interface FollowUpKind {
  /** The machine's event (domain/payment-machine): the plan kept on the payment is this event's. */
  event: FollowUpEvent;
  /** The attempt the request makes on `payment` at `now`; throws the refusal when the machine forbids it. */
  plan(input: FollowUpInput, now: Date): { type: TransactionType; amount: number };
}

/** A payment core (capture, voidPayment, creditvoid) on the payment read, with the amount the request named. */
export type FollowUpCore = (d: FollowUpDeps, input: FollowUpInput, hooks: AttemptHooks) => Promise<CoreResult>;

/** One declared kind on the payment read: a duplicate of an abandoned request is answered, else the planned attempt runs. */
export async function runFollowUpKind(kind: FollowUpKind, d: FollowUpDeps, input: FollowUpInput, hooks: AttemptHooks): Promise<CoreResult> {
  const resumed = await resumeAbandoned(d, hooks, input.payment);
  if (resumed) return resumed;
  const attempt: Attempt = { ...kind.plan(input, d.clock.now()), id: d.newId() };
  return runAttempt(d, input.payment, attempt, followUpCall(d, attempt), answerOf(attempt), hooks);
}

/**
 * The core of one declared kind. The kinds' own cores are function declarations calling runFollowUpKind instead:
 * a call at a module's top level is kept by the bundler, with everything it reaches, in every bundle importing the face.
 */
export const followUpCore =
  (kind: FollowUpKind): FollowUpCore =>
  (d, input, hooks) =>
    runFollowUpKind(kind, d, input, hooks);

/** The tail for an attempt the reservation already wrote (follow-up.ts): the acquirer, then the outcome. */
export function attemptFollowUp(
  d: FollowUpDeps,
  reserved: Payment,
  attempt: Attempt,
  hooks: AttemptHooks,
  started: string,
): Promise<CoreResult> {
  return finishAttempt(d, reserved, attempt, followUpCall(d, attempt), answerOf(attempt), hooks, started);
}

/** The connector call a follow-up attempt makes. */
export function followUpCall(d: Pick<CoreDeps, 'connectors'>, attempt: Attempt): (p: Payment) => Promise<ConnectorOutcome> {
  return async (p) => {
    const connector = await d.connectors.forPayment(p);
    if (attempt.type === 'CAPTURE') {
      return connector.capture({
        transId: p.transId,
        amount: attempt.amount,
        currency: p.currency,
        card: p.card && { expMonth: p.card.expMonth, expYear: p.card.expYear },
      });
    }
    if (attempt.type === 'VOID') return connector.void({ transId: p.transId, amount: attempt.amount, currency: p.currency });
    return connector.refund({
      transId: p.transId,
      attemptId: attempt.id,
      amount: attempt.amount,
      currency: p.currency,
      reversal: attempt.type === 'REVERSAL',
    });
  };
}

const answerOf = (attempt: Attempt) => (next: Payment, outcome: ConnectorOutcome, now: string) =>
  answerFollowUp(next, attempt, outcome, now);
