/** PAUSE_SCHEDULE (Formula 4): paused=Y; runs that fall due while paused are skipped, not caught up later. */
import { scheduleResult } from '../../protocol/schedules/responses.js';
import { setPaused } from '../schedules/manage.js';
import { authenticatedScheduleId } from '../schedules/s2s-request.js';
import { scheduleIdRequest } from '../../protocol/schedules/id-request.js';
import type { S2sCardAction } from './action.js';

/** PAUSE_SCHEDULE, and RUN_SCHEDULE (run-schedule.ts): the same request and answer, paused set one way or the other. */
export function pausingAction(action: 'PAUSE_SCHEDULE' | 'RUN_SCHEDULE', paused: boolean): S2sCardAction {
  return {
    action,
    fields: scheduleIdRequest(),
    async run(req) {
      const { scheduleId } = authenticatedScheduleId(req.config, req.form, () => undefined);
      await setPaused(req.deps, scheduleId, req.config.merchant.clientKey, paused);
      return { statusCode: 200, body: scheduleResult(action) };
    },
  };
}

export const pauseScheduleAction = pausingAction('PAUSE_SCHEDULE', true);
