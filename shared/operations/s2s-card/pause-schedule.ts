/** PAUSE_SCHEDULE (Formula 4): paused=Y; runs that fall due while paused are skipped, not caught up later. */
import { scheduleResult } from '../../protocol/schedules/responses.js';
import { setPaused } from '../schedules/manage.js';
import { authenticatedScheduleId } from '../schedules/s2s-request.js';
import { scheduleIdRequest } from '../../protocol/schedules/id-request.js';
import type { S2sCardAction } from './action.js';

export const pauseScheduleAction: S2sCardAction = {
  action: 'PAUSE_SCHEDULE',
  fields: scheduleIdRequest(),
  async run(req) {
    const { scheduleId } = authenticatedScheduleId(req.config, req.form, () => undefined);
    await setPaused(req.deps, scheduleId, req.config.merchant.clientKey, true);
    return { statusCode: 200, body: scheduleResult('PAUSE_SCHEDULE') };
  },
};
