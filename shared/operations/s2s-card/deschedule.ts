/**
 * DESCHEDULE (Formula 4): the chain of recurring_token stops following schedule_id. Unknown schedule: "Schedule not
 * found"; a token not on that schedule: 100000 "This value is not correct.".
 */
import { scheduleResult } from '../../protocol/schedules/responses.js';
import { deschedule } from '../schedules/manage.js';
import { authenticatedScheduleId } from '../schedules/s2s-request.js';
import { readFields } from '../../protocol/form-spec.js';
import { RECURRING_TOKEN, scheduleIdRequest } from '../../protocol/schedules/id-request.js';
import type { S2sCardAction } from './action.js';

export const descheduleAction: S2sCardAction = {
  action: 'DESCHEDULE',
  fields: scheduleIdRequest(RECURRING_TOKEN),
  async run(req) {
    const { scheduleId, extra: token } = authenticatedScheduleId(
      req.config,
      req.form,
      (f) => readFields(f, RECURRING_TOKEN).recurring_token,
    );
    await deschedule(req.deps, scheduleId, req.config.merchant.clientKey, token);
    return { statusCode: 200, body: scheduleResult('DESCHEDULE') };
  },
};
