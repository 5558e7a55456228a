/** Protocol-neutral payment cores, for S2S CARD and Checkout operations alike. */
export type { CoreDeps, CoreResult, PaymentEvent, CallbackRecorder, IdempotencyHook } from './types.js';
export type { AttemptHooks } from './attempt.js';
export { capture, checkCapture } from './capture.js';
export { voidPayment, checkVoid, settledAt } from './void.js';
export { creditvoid, planCreditvoid } from './creditvoid.js';
export { charge, chargeScreened, applyOutcome, type ChargeInput } from './charge.js';
export { completeChallenge, completeFromPage, isWaitingForChallenge } from './challenge.js';
export { recurringCharge, resolveRecurringPair, type RecurringChargeInput } from './recurring.js';
export { issueCardToken, issueRecurringToken, resolveCardToken } from './card-vault.js';
export { selectMid } from './routing.js';
