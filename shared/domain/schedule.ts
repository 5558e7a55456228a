/**
 * Recurring schedules and the subscriptions that follow them, with the calendar arithmetic of their run dates.
 * Dates are calendar days ("YYYY-MM-DD", UTC); a run falls due at 00:00 UTC of its date.
 *
 * A subscription's run n is dated from its anchor (the first scheduled payment, or the date an operator moved it
 * to): "every later payment is counted from the first". Month intervals land on the schedule's day_of_month (or the
 * anchor's day) clamped to the month's last day, computed from the anchor each time so Jan 31 → Feb 28 → Mar 31.
 */
import { recurringRunOf, type Action } from './actions.js';

export type IntervalUnit = 'day' | 'month';
export const INTERVAL_UNITS: readonly IntervalUnit[] = ['day', 'month'];

export type DelayedFirstPayment = 'none' | 'delay_by_interval' | 'day_of_week' | 'day_of_month';
export const DELAYED_FIRST_PAYMENT: readonly DelayedFirstPayment[] = ['none', 'delay_by_interval', 'day_of_week', 'day_of_month'];

export interface Schedule {
  scheduleId: string;
  clientKey: string;
  name: string;
  intervalLength: number;
  intervalUnit: IntervalUnit;
  /** Month schedules only: the day payments fall on, 29–31 clamped to the month's end. */
  dayOfMonth?: number;
  /** Charges per subscription; the subscription ends after this many. */
  paymentsCount: number;
  delayedFirstPayment: DelayedFirstPayment;
  firstPaymentIntervalLength?: number;
  firstPaymentIntervalUnit?: IntervalUnit;
  /** ISO weekday: 1 Monday … 7 Sunday. */
  firstPaymentDayOfWeek?: number;
  firstPaymentDayOfMonth?: number;
  paused: boolean;
  createdAt: string;
  updatedAt: string;
  version: number;
}

/** A recurring chain (initial pair) charged by a schedule. */
export type RecurringRunAction = 'RECURRING_SALE' | 'RECURRING_DEBIT';

/** The run action of a chain started by `initialAction` (a DEBIT's runs are debits). */
export function runActionOf(initialAction: Action): RecurringRunAction {
  return recurringRunOf(initialAction);
}

export interface Subscription {
  scheduleId: string;
  recurringToken: string;
  clientKey: string;
  /** The initial payment: its card, currency, order and protocol are the chain's. */
  initialTransId: string;
  /**
   * What each run is: RECURRING_DEBIT for a chain a DEBIT started (6.7.0 "recurring debit and debit schedules"),
   * else RECURRING_SALE. Absent on subscriptions written before debit schedules: RECURRING_SALE.
   */
  action?: RecurringRunAction;
  protocol: string;
  orderId: string;
  orderDescription: string;
  currency: string;
  /** Minor units charged per run (payment_schedule_amount, else the initiating amount). */
  amount: number;
  /** The date of run `anchorRun`; later runs are counted from it. */
  anchorDate: string;
  anchorRun: number;
  /** The next run to charge (1-based) and when it falls due (ISO instant). */
  nextRun: number;
  nextRunAt: string;
  chargesMade: number;
  paused: boolean;
  state: 'active' | 'ended';
  endReason?: string;
  lastTransId?: string;
  createdAt: string;
  updatedAt: string;
  version: number;
}

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date in YYYY-MM-DD form (2025-02-30 is not). */
export function isCalendarDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return y >= 1970 && mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function parts(date: string): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return [y, m, d];
}

function format(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function epoch(date: string): number {
  const [y, m, d] = parts(date);
  return Date.UTC(y, m - 1, d);
}

/** The calendar day (UTC) of an instant. */
export function dateOf(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** When a run dated `date` falls due. */
export function dueAt(date: string): string {
  return `${date}T00:00:00.000Z`;
}

export function addDays(date: string, days: number): string {
  return format(epoch(date) + days * DAY_MS);
}

/** `months` later, on `day` (default: the same day) clamped to that month's last day. */
export function addMonths(date: string, months: number, day?: number): string {
  const [y, m, d] = parts(date);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return format(Date.UTC(year, month - 1, Math.min(day ?? d, daysInMonth(year, month))));
}

export function addInterval(date: string, length: number, unit: IntervalUnit, dayOfMonth?: number): string {
  return unit === 'day' ? addDays(date, length) : addMonths(date, length, dayOfMonth);
}

/** ISO weekday of a date: 1 Monday … 7 Sunday. */
export function isoWeekday(date: string): number {
  const wd = new Date(epoch(date)).getUTCDay();
  return wd === 0 ? 7 : wd;
}

/** The next occurrence of the weekday after `today` (a week later when today is that weekday). */
export function nextWeekday(today: string, weekday: number): string {
  const ahead = (weekday - isoWeekday(today) + 7) % 7;
  return addDays(today, ahead === 0 ? 7 : ahead);
}

/** That day of the current month if it is still ahead, else of the next month (clamped to the month's end). */
export function nextDayOfMonth(today: string, day: number): string {
  const [y, m] = parts(today);
  const thisMonth = format(Date.UTC(y, m - 1, Math.min(day, daysInMonth(y, m))));
  return thisMonth > today ? thisMonth : addMonths(`${today.slice(0, 8)}01`, 1, day);
}

/** The date of the first scheduled payment after an initiating payment made on `today`. */
export function firstRunDate(s: Schedule, today: string, scheduleStartDate?: string): string {
  if (scheduleStartDate) return scheduleStartDate;
  switch (s.delayedFirstPayment) {
    case 'delay_by_interval':
      return addInterval(today, s.firstPaymentIntervalLength!, s.firstPaymentIntervalUnit!);
    case 'day_of_week':
      return nextWeekday(today, s.firstPaymentDayOfWeek!);
    case 'day_of_month':
      return nextDayOfMonth(today, s.firstPaymentDayOfMonth!);
    default:
      return addInterval(today, s.intervalLength, s.intervalUnit, s.intervalUnit === 'month' ? s.dayOfMonth : undefined);
  }
}

/** The date of run n of a subscription anchored at (anchorDate, anchorRun). */
export function runDate(
  s: Pick<Schedule, 'intervalLength' | 'intervalUnit' | 'dayOfMonth'>,
  anchorDate: string,
  anchorRun: number,
  n: number,
): string {
  const k = n - anchorRun;
  if (k === 0) return anchorDate;
  return addInterval(anchorDate, k * s.intervalLength, s.intervalUnit, s.intervalUnit === 'month' ? s.dayOfMonth : undefined);
}

/**
 * The run after run n: the first one dated after run n's date and, when `skipUntil` is given (paused runs are
 * skipped, not caught up), after that day too.
 */
export function followingRun(
  s: Pick<Schedule, 'intervalLength' | 'intervalUnit' | 'dayOfMonth'>,
  sub: Pick<Subscription, 'anchorDate' | 'anchorRun'>,
  n: number,
  skipUntil?: string,
): { run: number; date: string } {
  const after = runDate(s, sub.anchorDate, sub.anchorRun, Math.max(n, sub.anchorRun));
  const floor = skipUntil && skipUntil > after ? skipUntil : after;
  let run = Math.max(n, sub.anchorRun) + 1;
  let date = runDate(s, sub.anchorDate, sub.anchorRun, run);
  // Bounded: an interval of at least a day passes any date within that many runs.
  for (let i = 0; date <= floor && i < 100_000; i++) date = runDate(s, sub.anchorDate, sub.anchorRun, ++run);
  return { run, date };
}
