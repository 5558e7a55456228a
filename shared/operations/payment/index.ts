/**
 * The payment core's face: protocol-neutral payment cores, for S2S CARD, S2S APM and Checkout operations alike.
 * Every other folder imports the core only from here; the mechanisms live in ./internal/ and may change freely
 * (test/unit/architecture/layers.ts enforces it). Grouped by what a caller does with them.
 */
// The ports a core asks for and what it answers.
export type { CoreDeps, ChargeDeps, CoreResult, PaymentEvent, CallbackRecorder, IdempotencyHook } from './internal/types.js';

// A new payment: its id, its record, where it is routed, the charge and its tail.
export { newTransId } from './internal/payment-id.js';
export { newPayment } from './internal/new-payment.js';
export { selectMid, routePayment, isMoto, type Route, type RoutingNeeds } from './internal/routing.js';
export { charge, applyOutcome, type ChargeInput } from './internal/charge.js';
export type { ChargeScreen, Screening } from './internal/screen.js';
export type { Cascade, MidHealthRecorder } from './internal/cascade.js';
export { chargeNewPayment } from './internal/charge-tail.js';
export { retryCharge } from './internal/retry.js';
export { recurringCharge, resolveRecurringPair, type RecurringChargeInput } from './internal/recurring.js';
export { issueCardToken, issueRecurringToken, resolveCardToken } from './internal/card-vault.js';

// One acquirer call per state change, answered once (docs/reliability.md).
export { runAttempt, enqueue, nextVersion, type AttemptHooks } from './internal/attempt.js';
export { reserveOnce, type FollowUpClaim } from './internal/recover.js';
export { permitOrThrow } from './internal/permit.js';
export { requestKey, followUpKey, runOnce, storedAnswer, type StoredResponse } from './internal/idempotency.js';

// 3-D Secure.
export {
  completeChallenge,
  completeFromPage,
  isWaitingForChallenge,
  type ChallengeDeclined,
  type ChallengeHooks,
} from './internal/challenge.js';

// Follow-ups (capture, refund, void) and the one pipeline they run through.
export { capture, checkCapture } from './internal/capture.js';
export { voidPayment, checkVoid, settledAt } from './internal/void.js';
export { creditvoid, planCreditvoid } from './internal/creditvoid.js';
export { runFollowUpAction, type FollowUpAction, type FollowUpDeps } from './internal/follow-up-action.js';
export { answerFollowUp, ownAttemptEvent } from './internal/outcome.js';
export { resolveTransaction, type FinalOutcome } from './internal/resolve.js';

// What the acquirer says later: an inquiry, a late outcome contradicting the record, its reversal.
export { earlierThan, inquire } from './internal/inquiry.js';
export {
  recordLateOutcome,
  confirmReversal,
  sendReversal,
  alreadyRecorded,
  LATE_OUTCOME_METRIC,
  type LateReport,
} from './internal/late-outcome.js';
