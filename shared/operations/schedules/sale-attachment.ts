/**
 * The schedule parameters of an initiating SALE (recurring_init=Y + schedule_id [+ schedule_start_date,
 * payment_schedule_amount]): validated, and the schedule must be this merchant's ("Schedule not found").
 * Answers the details the payment stores; attachSchedule turns them into a subscription on approval.
 */
import type { FormObject } from '../../protocol/form.js';
import { FieldReader } from '../../protocol/fields.js';
import { dateOf } from '../../domain/schedule.js';
import { readScheduleAttachment } from '../../protocol/schedules/attachment-request.js';
import type { ScheduleDetails } from '../../protocol/schedules/payment-echo.js';
import { requireSchedule } from './manage.js';
import type { ScheduleDeps } from './types.js';

export async function saleScheduleDetails(
  d: Pick<ScheduleDeps, 'clock' | 'schedules'>,
  clientKey: string,
  form: FormObject,
  order: { amount: number; currency: string; recurringInit: boolean },
): Promise<ScheduleDetails> {
  const f = new FieldReader(form);
  const details = readScheduleAttachment(f, { ...order, today: dateOf(d.clock.now()) });
  f.throwIfInvalid();
  if (details.scheduleId) await requireSchedule(d, details.scheduleId, clientKey);
  return details;
}
