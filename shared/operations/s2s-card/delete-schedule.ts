/** DELETE_SCHEDULE (Formula 4). Unknown schedule_id: 100000 "Schedule not found". Its subscriptions charge no more. */
import { scheduleResult } from '../../protocol/schedules/responses.js';
import { deleteSchedule } from '../schedules/manage.js';
import { authenticatedScheduleId } from '../schedules/s2s-request.js';
import { scheduleIdRequest } from '../../protocol/schedules/id-request.js';
import type { S2sCardAction } from './action.js';

export const deleteScheduleAction: S2sCardAction = {
  action: 'DELETE_SCHEDULE',
  fields: scheduleIdRequest(),
  async run(req) {
    const { scheduleId } = authenticatedScheduleId(req.config, req.form, () => undefined);
    await deleteSchedule(req.deps, scheduleId, req.config.merchant.clientKey);
    return { statusCode: 200, body: scheduleResult('DELETE_SCHEDULE') };
  },
};
