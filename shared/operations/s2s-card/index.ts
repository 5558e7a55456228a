/** S2S CARD actions by name. Adding an action: one new file in this folder and one line here. */
import type { S2sCardAction } from './action.js';
import { sale } from './sale.js';
import { auth } from './auth.js';
import { getTransStatus } from './get-trans-status.js';
import { getTransDetails } from './get-trans-details.js';
import { getTransStatusByOrder } from './get-trans-status-by-order.js';
import { capture } from './capture.js';
import { voidAction } from './void.js';
import { creditvoid } from './creditvoid.js';
import { recurringDebit, recurringSale } from './recurring.js';
import { debit } from './debit.js';
import { credit2card } from './credit2card.js';
import { card2card } from './card2card.js';
import { createScheduleAction } from './create-schedule.js';
import { updateScheduleAction } from './update-schedule.js';
import { pauseScheduleAction } from './pause-schedule.js';
import { runScheduleAction } from './run-schedule.js';
import { deleteScheduleAction } from './delete-schedule.js';
import { scheduleInfoAction } from './schedule-info.js';
import { descheduleAction } from './deschedule.js';
import { retry } from './retry.js';

export const S2S_CARD_ACTIONS: ReadonlyMap<string, S2sCardAction> = new Map(
  [
    sale,
    auth,
    getTransStatus,
    getTransDetails,
    getTransStatusByOrder,
    capture,
    voidAction,
    creditvoid,
    recurringSale,
    recurringDebit,
    debit,
    credit2card,
    card2card,
  ].map((a) => [a.action, a]),
);
// Schedules and RETRY (docs/schedules.md).
for (const a of [
  createScheduleAction,
  updateScheduleAction,
  pauseScheduleAction,
  runScheduleAction,
  deleteScheduleAction,
  scheduleInfoAction,
  descheduleAction,
  retry,
]) {
  (S2S_CARD_ACTIONS as Map<string, S2sCardAction>).set(a.action, a);
}
