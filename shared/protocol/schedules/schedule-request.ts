/**
 * CREATE_SCHEDULE / UPDATE_SCHEDULE parameters (protocol.md §3.4, spec "Schedules"): name, interval_length,
 * interval_unit (day|month), day_of_month (month only; 29–31 clamp to the month's end), payments_count and
 * delayed_first_payment with its first_payment_* parameters. `delays` is retired and refused with the spec's text.
 * UPDATE_SCHEDULE changes only the parameters sent; the result is checked as a whole.
 */
import { FieldReader, MESSAGES } from '../fields.js';
import { optional, raw, readFields, type FieldSpec } from '../form-spec.js';
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

/** A whole number from `min` to `max`, as text: digits only, then the range. */
const integer = (min: number, max: number) => (text: string) =>
  !/^\d{1,9}$/.test(text) ? MESSAGES.invalid : Number(text) < min || Number(text) > max ? between(min, max) : undefined;

/** The retired `delays`: refused with the spec's text, which the answer shows as its error_message. */
export const SCHEDULE_DELAYS = { delays: raw() };

/**
 * The schedule parameters, in the order errors are reported. `requiredWhen`: the rule (mergeSettings) that makes the
 * interval and the count required where nothing is there to keep (CREATE_SCHEDULE).
 */
export function scheduleSettingsFields(requiredWhen?: string) {
  const needed = requiredWhen ? { requiredWhen } : {};
  return {
    name: optional({ max: 100 }, needed),
    interval_length: optional({}, { check: integer(1, 9999), ...needed }),
    interval_unit: optional({ oneOf: INTERVAL_UNITS }, needed),
    day_of_month: optional({}, { check: integer(1, 31) }),
    payments_count: optional({}, { check: integer(1, 9999), ...needed }),
    delayed_first_payment: optional({ oneOf: DELAYED_FIRST_PAYMENT }),
    first_payment_interval_length: optional({}, { check: integer(1, 9999) }),
    first_payment_interval_unit: optional({ oneOf: INTERVAL_UNITS }),
    first_payment_day_of_week: optional({}, { check: integer(1, 7) }),
    first_payment_day_of_month: optional({}, { check: integer(1, 31) }),
  } satisfies Record<keyof typeof FIELDS, FieldSpec>;
}

const SETTINGS = scheduleSettingsFields();

/** The schedule parameters present in the request (blank ones count as absent). */
export function readScheduleSettings(f: FieldReader): Partial<ScheduleSettings> {
  const { delays } = readFields(f, SCHEDULE_DELAYS);
  if (delays !== undefined) f.fail('delays', DELAYS_DEPRECATED, { headline: true });
  const v = readFields(f, SETTINGS);
  const out: Partial<ScheduleSettings> = {};
  const set = <K extends keyof ScheduleSettings>(k: K, value: ScheduleSettings[K] | undefined) => {
    if (value !== undefined) out[k] = value;
  };
  const n = (text: string | undefined) => (text === undefined ? undefined : Number(text));
  set('name', v.name);
  set('intervalLength', n(v.interval_length));
  set('intervalUnit', v.interval_unit as IntervalUnit | undefined);
  set('dayOfMonth', n(v.day_of_month));
  set('paymentsCount', n(v.payments_count));
  set('delayedFirstPayment', v.delayed_first_payment as DelayedFirstPayment | undefined);
  set('firstPaymentIntervalLength', n(v.first_payment_interval_length));
  set('firstPaymentIntervalUnit', v.first_payment_interval_unit as IntervalUnit | undefined);
  set('firstPaymentDayOfWeek', n(v.first_payment_day_of_week));
  set('firstPaymentDayOfMonth', n(v.first_payment_day_of_month));
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
