/** The payment state machine: one table of transitions (table.ts), its guards, and the functions that run it. */
export { TRANSITIONS, type Transition, type CallbackResult, type Effect } from './table.js';
export {
  decide,
  permit,
  apply,
  canApply,
  settleRecord,
  ownTransaction,
  TransitionRefused,
  type Decision,
  type Verdict,
} from './machine.js';
export {
  answerEvent,
  type EventName,
  type MachineEvent,
  type Refusal,
  type RequestEvent,
  type AnswerEvent,
  type FollowUpType,
} from './events.js';
export { EVENT_RESULTS, type EventResult } from './results.js';
export { STATUSES, ALL_STATUSES, isFinal, onPayerStep, type StatusFacts } from './statuses.js';
export { hasAttempt, waitingAmount, refundable, settledAt, openPayerStep, OWN_TRANSACTIONS, type Guard } from './guards.js';
export { followUpPlans, type FollowUpPlan, type FollowUpPlans, type FollowUpEvent } from './plans.js';
