/**
 * Schedule lifecycle, protocol-neutral: create, change (UPDATE_SCHEDULE), pause / resume, delete, and ending one
 * subscription (DESCHEDULE). Every write is conditional on the version read; a concurrent change makes the loser
 * re-read and apply its change again, so two pauses or a pause and an update both take effect once.
 */
import { NotFoundError } from '../../domain/errors.js';
import { retryOnConflict } from '../../domain/conflict-retry.js';
import type { Schedule } from '../../domain/schedule.js';
import type { IdempotentResult } from '../../ports/payment-store.js';
import type { Alongside } from '../../ports/transaction-items.js';
import type { ScheduleSettings } from '../../protocol/schedules/schedule-request.js';
import { updateSubscription } from './subscription-update.js';
import type { ScheduleDeps } from './types.js';

const ATTEMPTS = 5;

export async function requireSchedule(d: Pick<ScheduleDeps, 'schedules'>, scheduleId: string, clientKey?: string): Promise<Schedule> {
  const s = await d.schedules.get(scheduleId, clientKey);
  if (!s) throw NotFoundError.schedule();
  return s;
}

export async function createSchedule(
  d: Pick<ScheduleDeps, 'clock' | 'newId' | 'schedules'>,
  clientKey: string,
  settings: ScheduleSettings,
  idempotency?: (s: Schedule) => { key: string; result: IdempotentResult },
): Promise<Schedule> {
  const now = d.clock.now().toISOString();
  const schedule: Schedule = { ...settings, scheduleId: d.newId(), clientKey, paused: false, createdAt: now, updatedAt: now, version: 1 };
  await d.schedules.create(schedule, idempotency?.(schedule));
  return schedule;
}

/** Re-reads and re-applies `change` until its conditional write wins; `alongside` goes with that write. */
export async function changeSchedule(
  d: Pick<ScheduleDeps, 'clock' | 'schedules'>,
  scheduleId: string,
  clientKey: string | undefined,
  change: (s: Schedule) => Schedule | undefined,
  opts: Alongside = {},
): Promise<Schedule> {
  return retryOnConflict(ATTEMPTS, async () => {
    const current = await requireSchedule(d, scheduleId, clientKey);
    const next = change(structuredClone(current));
    if (!next) return current;
    next.version = current.version + 1;
    next.updatedAt = d.clock.now().toISOString();
    await d.schedules.update(next, opts);
    return next;
  });
}

export function updateScheduleSettings(
  d: Pick<ScheduleDeps, 'clock' | 'schedules'>,
  scheduleId: string,
  clientKey: string,
  merge: (s: Schedule) => ScheduleSettings,
): Promise<Schedule> {
  return changeSchedule(d, scheduleId, clientKey, (s) => ({ ...stripSettings(s), ...merge(s) }));
}

/** PAUSE_SCHEDULE sets paused=Y, RUN_SCHEDULE paused=N; runs falling due while paused are skipped. */
export function setPaused(
  d: Pick<ScheduleDeps, 'clock' | 'schedules'>,
  scheduleId: string,
  clientKey: string | undefined,
  paused: boolean,
  opts: Alongside = {},
): Promise<Schedule> {
  return changeSchedule(d, scheduleId, clientKey, (s) => (s.paused === paused ? undefined : { ...s, paused }), opts);
}

/** Deletes the schedule; its subscriptions end at their next run (they find no schedule and charge nothing). */
export async function deleteSchedule(d: Pick<ScheduleDeps, 'schedules'>, scheduleId: string, clientKey: string): Promise<void> {
  await retryOnConflict(ATTEMPTS, async () => d.schedules.delete(await requireSchedule(d, scheduleId, clientKey)));
}

/** DESCHEDULE: the chain of recurring_token stops following the schedule (no further scheduled charges). */
export async function deschedule(
  d: Pick<ScheduleDeps, 'clock' | 'schedules'>,
  scheduleId: string,
  clientKey: string,
  recurringToken: string,
): Promise<void> {
  await requireSchedule(d, scheduleId, clientKey);
  const sub = await d.schedules.getSubscription(scheduleId, recurringToken);
  if (!sub || sub.clientKey !== clientKey) throw NotFoundError.generic();
  await updateSubscription(d, scheduleId, recurringToken, (s) =>
    s.state === 'ended' ? undefined : { ...s, state: 'ended', endReason: 'descheduled' },
  );
}

/** A schedule without its settings (what UPDATE_SCHEDULE replaces as a whole after merging). */
function stripSettings(s: Schedule): Schedule {
  const copy = { ...s };
  for (const k of [
    'dayOfMonth',
    'firstPaymentIntervalLength',
    'firstPaymentIntervalUnit',
    'firstPaymentDayOfWeek',
    'firstPaymentDayOfMonth',
  ] as const)
    delete copy[k];
  return copy;
}
