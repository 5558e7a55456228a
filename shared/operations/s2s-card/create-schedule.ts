/**
 * CREATE_SCHEDULE (Formula 3): a named schedule — interval_length + interval_unit (day|month), day_of_month,
 * payments_count, delayed_first_payment with its first_payment_* parameters. Answers {action, result, schedule_id}.
 * An identical repeated request gets the first answer (one schedule): the idempotency claim is taken first and
 * completed in the same write as the schedule.
 */
import { ConflictError } from '../../domain/errors.js';
import { FieldReader } from '../../protocol/fields.js';
import {
  mergeSettings,
  readScheduleSettings,
  scheduleSettingsFields,
  SCHEDULE_DELAYS,
  sentFields,
} from '../../protocol/schedules/schedule-request.js';
import { formSpec, readFields } from '../../protocol/form-spec.js';
import { HASH } from '../../protocol/schedules/id-request.js';
import { scheduleResult } from '../../protocol/schedules/responses.js';
import { createSchedule } from '../schedules/manage.js';
import { checkFormula3 } from '../schedules/s2s-request.js';
import type { S2sCardAction } from './action.js';
import { idempotencyKey } from './pipeline.js';

const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;

export const createScheduleAction: S2sCardAction = {
  action: 'CREATE_SCHEDULE',
  // A new schedule has nothing to keep: its interval and count are required (mergeSettings).
  fields: formSpec(SCHEDULE_DELAYS, scheduleSettingsFields('a new schedule needs it'), HASH),
  async run(req) {
    const f = new FieldReader(req.form);
    const settings = mergeSettings(f, {}, readScheduleSettings(f), sentFields(f));
    readFields(f, HASH);
    f.throwIfInvalid();
    checkFormula3(req.config, req.form);
    const { payments } = req.deps;
    const key = idempotencyKey(req.config.merchant.clientKey, req.rawBody, req.redirectParamsStyle);
    const claim = await payments.claim(key, IDEMPOTENCY_TTL_SECONDS);
    if (claim.state === 'completed') return { statusCode: claim.result.statusCode, body: JSON.parse(claim.result.body) };
    if (claim.state === 'in-progress') throw ConflictError.sameRequest();
    const answer = (scheduleId: string) => scheduleResult('CREATE_SCHEDULE', { schedule_id: scheduleId });
    try {
      const s = await createSchedule(req.deps, req.config.merchant.clientKey, settings, (s) => ({
        key,
        result: { statusCode: 200, body: JSON.stringify(answer(s.scheduleId)) },
      }));
      return { statusCode: 200, body: answer(s.scheduleId) };
    } catch (err) {
      await payments.release(key).catch(() => undefined);
      throw err;
    }
  },
};
