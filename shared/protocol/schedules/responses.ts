/** Schedule action answers (protocol.md §3.4). SCHEDULE_INFO: `delays` is null for every schedule (6.7.0). */
import { z } from 'zod';
import type { Schedule } from '../../domain/schedule.js';
import { answer, optionalText, text, type Answer } from '../answer-schema.js';

export const ScheduleAnswer = answer('ScheduleAnswer', 'CREATE_SCHEDULE (with its schedule_id), UPDATE_SCHEDULE, PAUSE_SCHEDULE, RUN_SCHEDULE, DELETE_SCHEDULE, DESCHEDULE.', {
  action: text,
  result: z.literal('SUCCESS'),
  schedule_id: optionalText,
});

export const ScheduleInfoAnswer = answer('ScheduleInfoAnswer', 'SCHEDULE_INFO: the schedule; `delays` is always null (6.7.0).', {
  action: z.literal('SCHEDULE_INFO'),
  result: z.literal('SUCCESS'),
  schedule_id: text,
  name: text,
  interval_length: z.number(),
  interval_unit: text,
  day_of_month: z.number().nullable(),
  payments_count: z.number(),
  delays: z.null(),
  delayed_first_payment: text,
  first_payment_interval_length: z.number().optional(),
  first_payment_interval_unit: optionalText,
  first_payment_day_of_week: z.number().optional(),
  first_payment_day_of_month: z.number().optional(),
  paused: z.enum(['Y', 'N']),
});

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
