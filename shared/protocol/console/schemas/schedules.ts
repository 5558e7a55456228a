/** Recurring schedules and their subscriptions (docs/schedules.md). */
import { z } from 'zod';
import { amount, bool, cursor, int, str, time } from './kit.js';

export const ConsoleSchedule = z
  .strictObject({
    scheduleId: str,
    clientKey: str,
    name: str,
    every: str.meta({ examples: ['1 month'] }),
    paymentsCount: int,
    paused: bool,
    createdAt: time,
    updatedAt: time,
  })
  .meta({ id: 'ConsoleSchedule' });

export const ConsoleSubscription = z
  .strictObject({
    scheduleId: str,
    recurringToken: str,
    initialTransId: str,
    orderId: str,
    amount,
    currency: str,
    nextRun: int,
    nextRunAt: time,
    chargesMade: int,
    paused: bool,
    state: z.enum(['active', 'ended']),
    endReason: str.optional(),
    lastTransId: str.optional(),
  })
  .meta({ id: 'ConsoleSubscription' });

export const ConsoleSchedulesAnswer = z.strictObject({ schedules: z.array(ConsoleSchedule), cursor });

export const ConsoleScheduleAnswer = z.strictObject({ schedule: ConsoleSchedule, subscriptions: z.array(ConsoleSubscription) });

export const ConsoleScheduleActionAnswer = z.strictObject({
  message: str,
  schedule: ConsoleSchedule,
  subscriptions: z.array(ConsoleSubscription),
});

export const ConsoleSubscriptionActionAnswer = z.strictObject({ message: str, subscription: ConsoleSubscription });
