/**
 * CREATE_SCHEDULE / UPDATE_SCHEDULE parameters (protocol.md §3.4, spec "Schedules"): name, interval_length,
 * interval_unit (day|month), day_of_month (month only; 29–31 clamp to the month's end), payments_count and
 * delayed_first_payment with its first_payment_* parameters. `delays` is retired and refused with the spec's text.
 * UPDATE_SCHEDULE changes only the parameters sent; the result is checked as a whole.
 */
import { FieldReader, MESSAGES } from '../fields.js';
import {
  DELAYED_FIRST_PAYMENT,
  INTERVAL_UNITS,
  type DelayedFirstPayment,
  type IntervalUnit,
  type Schedule,
} from '../../domain/schedule.js';

export const DELAYS_DEPRECATED = 'Parameter is deprecated. Use delayed_first_payment and the first_payment_* parameters instead.';

export type ScheduleSettings = Pick<
  Schedule,
  | 'name'
  | 'intervalLength'
  | 'intervalUnit'
  | 'dayOfMonth'
  | 'paymentsCount'
  | 'delayedFirstPayment'
  | 'firstPaymentIntervalLength'
  | 'firstPaymentIntervalUnit'
  | 'firstPaymentDayOfWeek'
  | 'firstPaymentDayOfMonth'
>;

/** Wire name → setting, in the order errors are reported. */
const FIELDS = {
  name: 'name',
  interval_length: 'intervalLength',
  interval_unit: 'intervalUnit',
  day_of_month: 'dayOfMonth',
  payments_count: 'paymentsCount',
  delayed_first_payment: 'delayedFirstPayment',
  first_payment_interval_length: 'firstPaymentIntervalLength',
  first_payment_interval_unit: 'firstPaymentIntervalUnit',
  first_payment_day_of_week: 'firstPaymentDayOfWeek',
  first_payment_day_of_month: 'firstPaymentDayOfMonth',
} as const satisfies Record<string, keyof ScheduleSettings>;

export const SCHEDULE_FIELDS = Object.keys(FIELDS) as Array<keyof typeof FIELDS>;

/** Which first_payment_* parameters each delayed_first_payment needs. */
const DELAY_PARAMS: Record<DelayedFirstPayment, Array<keyof typeof FIELDS>> = {
  none: [],
  delay_by_interval: ['first_payment_interval_length', 'first_payment_interval_unit'],
  day_of_week: ['first_payment_day_of_week'],
  day_of_month: ['first_payment_day_of_month'],
};

const between = (min: number, max: number) => `This value should be between ${min} and ${max}.`;

function integer(f: FieldReader, name: string, min: number, max: number): number | undefined {
  const text = f.optional(name);
  if (text === undefined) return undefined;
  if (!/^\d{1,9}$/.test(text)) return (f.fail(name, MESSAGES.invalid), undefined);
  const n = Number(text);
  if (n < min || n > max) return (f.fail(name, between(min, max)), undefined);
  return n;
}

/** The schedule parameters present in the request (blank ones count as absent). */
export function readScheduleSettings(f: FieldReader): Partial<ScheduleSettings> {
  if (f.raw('delays') !== undefined) f.fail('delays', DELAYS_DEPRECATED, { headline: true });
  const out: Partial<ScheduleSettings> = {};
  const set = <K extends keyof ScheduleSettings>(k: K, v: ScheduleSettings[K] | undefined) => {
    if (v !== undefined) out[k] = v;
  };
  set('name', f.optional('name', { max: 100 }));
  set('intervalLength', integer(f, 'interval_length', 1, 9999));
  set('intervalUnit', f.optional('interval_unit', { oneOf: INTERVAL_UNITS }) as IntervalUnit | undefined);
  set('dayOfMonth', integer(f, 'day_of_month', 1, 31));
  set('paymentsCount', integer(f, 'payments_count', 1, 9999));
  set('delayedFirstPayment', f.optional('delayed_first_payment', { oneOf: DELAYED_FIRST_PAYMENT }) as DelayedFirstPayment | undefined);
  set('firstPaymentIntervalLength', integer(f, 'first_payment_interval_length', 1, 9999));
  set('firstPaymentIntervalUnit', f.optional('first_payment_interval_unit', { oneOf: INTERVAL_UNITS }) as IntervalUnit | undefined);
  set('firstPaymentDayOfWeek', integer(f, 'first_payment_day_of_week', 1, 7));
  set('firstPaymentDayOfMonth', integer(f, 'first_payment_day_of_month', 1, 31));
  return out;
}

/** Which wire parameters the request carried (valid or not), for the cross-field rules. */
export function sentFields(f: FieldReader): Set<string> {
  return new Set(SCHEDULE_FIELDS.filter((name) => f.raw(name) !== undefined && f.raw(name) !== ''));
}

/**
 * Applies a patch to a schedule's settings (or to nothing, for CREATE_SCHEDULE) and checks the result. Changing
 * interval_unit to day drops day_of_month; changing delayed_first_payment drops the other kinds' first_payment_*.
 */
export function mergeSettings(
  f: FieldReader,
  base: Partial<ScheduleSettings>,
  patch: Partial<ScheduleSettings>,
  sent: Set<string>,
): ScheduleSettings {
  const merged: Partial<ScheduleSettings> = { ...base, ...patch };
  merged.delayedFirstPayment ??= 'none';
  if (merged.intervalUnit === 'day' && !sent.has('day_of_month')) delete merged.dayOfMonth;
  for (const [kind, params] of Object.entries(DELAY_PARAMS)) {
    if (kind === merged.delayedFirstPayment) continue;
    for (const name of params) {
      if (sent.has(name)) f.fail(name, `This value is available with delayed_first_payment ${kind} only.`);
      delete merged[FIELDS[name]];
    }
  }
  for (const name of ['name', 'interval_length', 'interval_unit', 'payments_count', ...DELAY_PARAMS[merged.delayedFirstPayment]] as const) {
    if (merged[FIELDS[name]] === undefined && !f.errors.some((e) => e.field === name)) f.fail(name, MESSAGES.blank);
  }
  if (merged.dayOfMonth !== undefined && merged.intervalUnit === 'day')
    f.fail('day_of_month', 'This value is available with interval_unit month only.');
  return merged as ScheduleSettings;
}
