/**
 * The console's schedule listings: a merchant's schedules (newest first, paged) and one schedule's subscriptions.
 * Reads only; every change goes through the schedule operations (operations/schedules).
 */
import type { Schedule, Subscription } from '../domain/schedule.js';

export interface SchedulePage {
  schedules: Schedule[];
  cursor?: string;
}

export interface ConsoleScheduleIndex {
  forMerchant(clientKey: string, opts: { limit: number; cursor?: string }): Promise<SchedulePage>;
  /** Every subscription following the schedule (one partition), at most `limit`. */
  subscriptions(scheduleId: string, limit: number): Promise<Subscription[]>;
}
