/** SCHEDULE_INFO (Formula 4): the schedule's settings; `delays` is always null (retired in 6.7.0). */
import { scheduleInfo } from '../../protocol/schedules/responses.js';
import { requireSchedule } from '../schedules/manage.js';
import { authenticatedScheduleId } from '../schedules/s2s-request.js';
import { scheduleIdRequest } from '../../protocol/schedules/id-request.js';
import type { S2sCardAction } from './action.js';

export const scheduleInfoAction: S2sCardAction = {
  action: 'SCHEDULE_INFO',
  fields: scheduleIdRequest(),
  async run(req) {
    const { scheduleId } = authenticatedScheduleId(req.config, req.form, () => undefined);
    return { statusCode: 200, body: scheduleInfo(await requireSchedule(req.deps, scheduleId, req.config.merchant.clientKey)) };
  },
};
