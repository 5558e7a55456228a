/** The ports schedule operations use (a subset of Deps, so unit tests and the payment cores can pass their own). */
import type { Clock } from '../../ports/clock.js';
import type { RecurringChargeQueue, ScheduleStore } from '../../ports/schedules.js';

export interface ScheduleDeps {
  schedules: ScheduleStore;
  clock: Clock;
  newId: () => string;
}

export interface RunnerDeps extends ScheduleDeps {
  recurringQueue: RecurringChargeQueue;
}
