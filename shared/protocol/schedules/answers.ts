/** Schedule answers and the schedule fields payments echo, as zod objects for the API reference and tests. */
import { z } from 'zod';
import { answer, optionalText, text } from '../answer-schema.js';

/** The echoed fields, for the answers and callbacks that carry them (answer-schema.ts); payment-echo.ts builds them. */
export const SCHEDULE_ECHO = {
  schedule_id: optionalText,
  first_recurring_date: optionalText,
  schedule_start_date: optionalText,
  payment_schedule_amount: optionalText,
};

/** The echoed fields as one object, for scheduleEcho's type. */
export const ScheduleEchoFields = z.object(SCHEDULE_ECHO);

export const ScheduleAnswer = answer(
  'ScheduleAnswer',
  'CREATE_SCHEDULE (with its schedule_id), UPDATE_SCHEDULE, PAUSE_SCHEDULE, RUN_SCHEDULE, DELETE_SCHEDULE, DESCHEDULE.',
  {
    action: text,
    result: z.literal('SUCCESS'),
    schedule_id: optionalText,
  },
);

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
