/**
 * Schedule parameters of an initiating recurring request (SALE with recurring_init=Y): schedule_id (only with
 * recurring_init), and, both needing schedule_id, schedule_start_date (YYYY-MM-DD, today or later, UTC) and
 * payment_schedule_amount (the currency's amount format; scheduled charges are never zero, so a zero initiating
 * amount needs it).
 */
import { ValidationError } from '../../domain/errors.js';
import { parseAmount, parseCurrency } from '../../domain/money.js';
import { isCalendarDate } from '../../domain/schedule.js';
import { FieldReader, MESSAGES } from '../fields.js';
import { optional, readFields } from '../form-spec.js';
import type { ScheduleDetails } from './payment-echo.js';

/** Read after the request's hash (the schedule is looked up then); the rules between them are code, below. */
export const SCHEDULE_ATTACHMENT = {
  schedule_id: optional({ max: 64 }),
  schedule_start_date: optional(),
  payment_schedule_amount: optional(),
};

export function readScheduleAttachment(
  f: FieldReader,
  opts: { recurringInit: boolean; amount: number; currency: string; today: string },
): ScheduleDetails {
  const {
    schedule_id: scheduleId,
    schedule_start_date: startDate,
    payment_schedule_amount: amountText,
  } = readFields(f, SCHEDULE_ATTACHMENT);
  if (scheduleId && !opts.recurringInit) f.fail('schedule_id', 'This value is available with recurring_init=Y only.');
  for (const [name, value] of [
    ['schedule_start_date', startDate],
    ['payment_schedule_amount', amountText],
  ] as const) {
    if (value !== undefined && !scheduleId) f.fail(name, 'This value is available with schedule_id only.');
  }
  if (startDate !== undefined && !isCalendarDate(startDate)) f.fail('schedule_start_date', MESSAGES.invalid);
  else if (startDate !== undefined && startDate < opts.today)
    f.fail('schedule_start_date', `This value should be greater than or equal to ${opts.today}.`);
  let paymentScheduleAmount: number | undefined;
  if (amountText !== undefined) {
    try {
      paymentScheduleAmount = parseAmount(amountText, parseCurrency(opts.currency), 'payment_schedule_amount').minor;
      if (paymentScheduleAmount === 0) f.fail('payment_schedule_amount', MESSAGES.positive);
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      f.errors.push(...err.fieldErrors);
    }
  } else if (scheduleId && opts.recurringInit && opts.amount === 0) {
    f.fail('payment_schedule_amount', MESSAGES.blank);
  }
  if (!scheduleId) return {};
  return {
    scheduleId,
    ...(startDate ? { scheduleStartDate: startDate } : {}),
    ...(paymentScheduleAmount !== undefined ? { paymentScheduleAmount } : {}),
  };
}
