/**
 * Schedules and their subscriptions. Every write is conditional: a schedule by version, a subscription by the run it
 * expects to be at, so two runners (or a runner and an operator) never both move the same run.
 */
import type { Schedule, Subscription } from '../domain/schedule.js';
import type { IdempotentResult } from './payment-store.js';
import type { Alongside } from './transaction-items.js';

/** A due subscription as the runner sees it in the index (eventually consistent; the lease write decides). */
export interface DueEntry {
  scheduleId: string;
  recurringToken: string;
  nextRun: number;
  /** The index sort key read, so the lease only succeeds if nobody moved the entry since. */
  dueKey: string;
}

/** One queued charge: run `run` of the subscription (scheduleId, recurringToken). */
export interface RecurringChargeMessage {
  scheduleId: string;
  recurringToken: string;
  run: number;
}

export interface ScheduleStore {
  /** Creates a schedule; completes the caller's idempotency claim in the same write when given. */
  create(schedule: Schedule, idempotency?: { key: string; result: IdempotentResult }): Promise<void>;
  /** The schedule if it exists and belongs to clientKey (any merchant's when clientKey is omitted). */
  get(scheduleId: string, clientKey?: string): Promise<Schedule | undefined>;
  /** Writes schedule.version if the stored one is version - 1 (ConflictError otherwise); `alongside` in the same transaction. */
  update(schedule: Schedule, opts?: Alongside): Promise<void>;
  /** Deletes the schedule if it is still at this version. */
  delete(schedule: Schedule): Promise<void>;

  /** Creates the subscription; false if one already exists for (scheduleId, recurringToken). */
  createSubscription(sub: Subscription): Promise<boolean>;
  getSubscription(scheduleId: string, recurringToken: string): Promise<Subscription | undefined>;
  /** Subscriptions whose next run fell due at or before `now` (oldest first). */
  findDue(now: string, limit: number): Promise<DueEntry[]>;
  /** Hides a due entry until `until` (the charge is queued); false if someone else took or moved it first. */
  lease(entry: DueEntry, until: string): Promise<boolean>;
  /**
   * Writes sub.version if the stored one is version - 1 (false otherwise: re-read and decide again). Active
   * subscriptions stay in the due index at nextRunAt; ended ones leave it. `alongside` in the same transaction.
   */
  saveSubscription(sub: Subscription, opts?: Alongside): Promise<boolean>;
}

export interface RecurringChargeQueue {
  send(messages: RecurringChargeMessage[]): Promise<void>;
}
