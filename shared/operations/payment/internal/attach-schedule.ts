/**
 * Attaching a schedule to a new recurring chain. Called by the charge (charge.ts issueTokens) right after it issues a recurring token
 * (SALE / AUTH / DEBIT with recurring_init, at once or after 3DS; the Checkout page), before the payment is written: the
 * payment then echoes first_recurring_date in its answer and callback, and the subscription exists before anything
 * names it. If the payment write fails afterwards, the orphan subscription finds no initial pair at its first run
 * and ends without charging.
 */
import type { Payment } from '../../../domain/payment.js';
import { dateOf, dueAt, firstRunDate, runActionOf, type Subscription } from '../../../domain/schedule.js';
import { logger } from '../../../lib/logger.js';
import type { Clock } from '../../../ports/clock.js';
import type { ScheduleStore } from '../../../ports/schedules.js';

/** The schedule store, when the function has one (the Checkout page's may not): no store, nothing attached. */
interface AttachDeps {
  schedules?: ScheduleStore;
  clock: Clock;
}

export async function attachSchedule(d: AttachDeps, p: Payment): Promise<void> {
  const details = p.details;
  if (!details.scheduleId || !p.recurringToken || details.firstRecurringDate || !d.schedules) return;
  const schedule = await d.schedules.get(details.scheduleId, p.clientKey);
  const amount = details.paymentScheduleAmount ?? p.amount;
  if (!schedule || amount === 0) {
    // Checked when the request came in; the schedule was deleted since, or nothing chargeable was given (Checkout).
    logger.warn('schedule not attached', {
      clientKey: p.clientKey,
      transId: p.transId,
      scheduleId: details.scheduleId,
      reason: schedule ? 'zero amount' : 'schedule not found',
    });
    return;
  }
  const now = d.clock.now();
  const first = firstRunDate(schedule, dateOf(now), details.scheduleStartDate);
  const sub: Subscription = {
    scheduleId: schedule.scheduleId,
    recurringToken: p.recurringToken,
    clientKey: p.clientKey,
    initialTransId: p.transId,
    action: runActionOf(p.action),
    protocol: p.protocol,
    orderId: p.orderId,
    orderDescription: p.orderDescription,
    currency: p.currency,
    amount,
    anchorDate: first,
    anchorRun: 1,
    nextRun: 1,
    nextRunAt: dueAt(first),
    chargesMade: 0,
    paused: false,
    state: 'active',
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    version: 1,
  };
  await d.schedules.createSubscription(sub);
  details.firstRecurringDate = first;
}
