/** RUN_SCHEDULE (Formula 4): paused=N; subscriptions charge again from their next date. */
import { pausingAction } from './pause-schedule.js';

export const runScheduleAction = pausingAction('RUN_SCHEDULE', false);
