/**
 * The schedule a Checkout or hosted-fields session starts (recurring_init + schedule_id, optionally
 * schedule_start_date and payment_schedule_amount): the same rules as an initiating S2S SALE, and the schedule must
 * be this merchant's ("Schedule not found").
 */
import type { Deps } from '../deps.js';
import type { FormObject } from '../../protocol/form.js';
import type { ScheduleDetails } from '../../protocol/schedules/payment-echo.js';
import { saleScheduleDetails } from '../schedules/sale-attachment.js';

export interface SessionScheduleFields {
  schedule_id?: string;
  schedule_start_date?: string;
  payment_schedule_amount?: string;
  recurring_init?: boolean;
}

export async function sessionSchedule(
  d: Pick<Deps, 'clock' | 'schedules'>,
  clientKey: string,
  body: SessionScheduleFields,
  order: { amount: number; currency: string },
): Promise<ScheduleDetails> {
  const fields: FormObject = {};
  if (body.schedule_id !== undefined) fields.schedule_id = body.schedule_id;
  if (body.schedule_start_date !== undefined) fields.schedule_start_date = body.schedule_start_date;
  if (body.payment_schedule_amount !== undefined) fields.payment_schedule_amount = body.payment_schedule_amount;
  if (Object.keys(fields).length === 0) return {};
  return saleScheduleDetails(d, clientKey, fields, { ...order, recurringInit: body.recurring_init === true });
}
