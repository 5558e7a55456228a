/**
 * The schedule fields a payment that started (or belongs to) a scheduled chain echoes in its response, callbacks
 * and status answers: schedule_id, first_recurring_date (the first automatic charge), and schedule_start_date /
 * payment_schedule_amount when the initiating request sent them.
 */
import { formatAmount } from '../../domain/money.js';
import type { Answer } from '../answer-schema.js';
import type { ScheduleEchoFields } from './answers.js';
import type { Payment } from '../../domain/payment.js';

/** Where these facts live on a payment's details. */
export type { ScheduleDetails } from '../../domain/payment-details.js';

export function scheduleEcho(p: Payment): Answer<typeof ScheduleEchoFields> {
  const d = p.details;
  if (!d.scheduleId) return {};
  return {
    schedule_id: d.scheduleId,
    ...(d.firstRecurringDate ? { first_recurring_date: d.firstRecurringDate } : {}),
    ...(d.scheduleStartDate ? { schedule_start_date: d.scheduleStartDate } : {}),
    ...(typeof d.paymentScheduleAmount === 'number'
      ? { payment_schedule_amount: formatAmount({ minor: d.paymentScheduleAmount, currency: p.currency }) }
      : {}),
  };
}
