/** RUN_SCHEDULE (Formula 4): paused=N; subscriptions charge again from their next date. */
import { scheduleResult } from '../../protocol/schedules/responses.js';
import { setPaused } from '../schedules/manage.js';
import { authenticatedScheduleId } from '../schedules/s2s-request.js';
import { scheduleIdRequest } from '../../protocol/schedules/id-request.js';
import type { S2sCardAction } from './action.js';

export const runScheduleAction: S2sCardAction = {
  action: 'RUN_SCHEDULE',
  fields: scheduleIdRequest(),
  async run(req) {
    const { scheduleId } = authenticatedScheduleId(req.config, req.form, () => undefined);
    await setPaused(req.deps, scheduleId, req.config.merchant.clientKey, false);
    return { statusCode: 200, body: scheduleResult('RUN_SCHEDULE') };
  },
};
