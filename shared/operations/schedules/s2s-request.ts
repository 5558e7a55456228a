/**
 * What the S2S CARD schedule actions share: schedule_id and hash read with the other fields, then Formula 4
 * (md5(strtoupper(strrev(schedule_id . PASSWORD)))) before the schedule is looked up, so an unknown schedule_id
 * and a foreign one look the same ("Schedule not found").
 */
import { InvalidHashError } from '../../domain/errors.js';
import type { MerchantConfig } from '../../domain/merchant.js';
import type { FormObject } from '../../protocol/form.js';
import { FieldReader } from '../../protocol/fields.js';
import { formula3, formula4, hashMatches } from '../../protocol/signature.js';
import { readFields } from '../../protocol/form-spec.js';
import { HASH, SCHEDULE_ID } from '../../protocol/schedules/id-request.js';

export function checkFormula4(config: MerchantConfig, scheduleId: string, form: FormObject): void {
  const { merchant } = config;
  if (!hashMatches(formula4({ scheduleId, password: merchant.password }, merchant.hashAlgorithm), form.hash)) {
    throw new InvalidHashError();
  }
}

export function checkFormula3(config: MerchantConfig, form: FormObject): void {
  const { merchant } = config;
  if (!hashMatches(formula3({ password: merchant.password }, merchant.hashAlgorithm), form.hash)) throw new InvalidHashError();
}

/**
 * schedule_id + hash, validated and authenticated; `more` reads the action's other fields into the same report (the
 * action declares them with scheduleIdRequest).
 */
export function authenticatedScheduleId<T>(
  config: MerchantConfig,
  form: FormObject,
  more: (f: FieldReader) => T,
): { scheduleId: string; extra: T } {
  const f = new FieldReader(form);
  const { schedule_id: scheduleId } = readFields(f, SCHEDULE_ID);
  const extra = more(f);
  readFields(f, HASH);
  f.throwIfInvalid();
  checkFormula4(config, scheduleId, form);
  return { scheduleId, extra };
}
