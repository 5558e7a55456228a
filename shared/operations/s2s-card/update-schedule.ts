/**
 * UPDATE_SCHEDULE (Formula 4): changes only the parameters sent, then checks the schedule as a whole. Unknown
 * schedule_id: 100000 "Schedule not found". Existing subscriptions keep their next date; later runs follow the change.
 */
import { ValidationError } from '../../domain/errors.js';
import { FieldReader } from '../../protocol/fields.js';
import {
  mergeSettings,
  readScheduleSettings,
  scheduleSettingsFields,
  SCHEDULE_DELAYS,
  sentFields,
} from '../../protocol/schedules/schedule-request.js';
import { scheduleIdRequest } from '../../protocol/schedules/id-request.js';
import { scheduleResult } from '../../protocol/schedules/responses.js';
import { requireSchedule, updateScheduleSettings } from '../schedules/manage.js';
import { authenticatedScheduleId } from '../schedules/s2s-request.js';
import type { S2sCardAction } from './action.js';

export const updateScheduleAction: S2sCardAction = {
  action: 'UPDATE_SCHEDULE',
  fields: scheduleIdRequest(SCHEDULE_DELAYS, scheduleSettingsFields()),
  async run(req) {
    const { scheduleId, extra } = authenticatedScheduleId(req.config, req.form, (f) => ({
      patch: readScheduleSettings(f),
      sent: sentFields(f),
    }));
    if (extra.sent.size === 0) throw ValidationError.field('', 'At least one schedule parameter must be sent.');
    const clientKey = req.config.merchant.clientKey;
    await requireSchedule(req.deps, scheduleId, clientKey);
    await updateScheduleSettings(req.deps, scheduleId, clientKey, (current) => {
      const f = new FieldReader(req.form);
      const merged = mergeSettings(f, current, extra.patch, extra.sent);
      f.throwIfInvalid();
      return merged;
    });
    return { statusCode: 200, body: scheduleResult('UPDATE_SCHEDULE', { schedule_id: scheduleId }) };
  },
};
