/** Schedule action answers (protocol.md §3.4). SCHEDULE_INFO: `delays` is null for every schedule (6.7.0). */
import type { Schedule } from '../../domain/schedule.js';
import type { Answer } from '../answer-schema.js';
import type { ScheduleAnswer, ScheduleInfoAnswer } from './answers.js';

export function scheduleResult(action: string, extra: { schedule_id?: string } = {}): Answer<typeof ScheduleAnswer> {
  return { action, result: 'SUCCESS', ...extra };
}

export function scheduleInfo(s: Schedule): Answer<typeof ScheduleInfoAnswer> {
  return {
    action: 'SCHEDULE_INFO',
    result: 'SUCCESS',
    schedule_id: s.scheduleId,
    name: s.name,
    interval_length: s.intervalLength,
    interval_unit: s.intervalUnit,
    day_of_month: s.dayOfMonth ?? null,
    payments_count: s.paymentsCount,
    delays: null,
    delayed_first_payment: s.delayedFirstPayment,
    ...(s.firstPaymentIntervalLength !== undefined ? { first_payment_interval_length: s.firstPaymentIntervalLength } : {}),
    ...(s.firstPaymentIntervalUnit !== undefined ? { first_payment_interval_unit: s.firstPaymentIntervalUnit } : {}),
    ...(s.firstPaymentDayOfWeek !== undefined ? { first_payment_day_of_week: s.firstPaymentDayOfWeek } : {}),
    ...(s.firstPaymentDayOfMonth !== undefined ? { first_payment_day_of_month: s.firstPaymentDayOfMonth } : {}),
    paused: s.paused ? 'Y' : 'N',
  };
}
