/** The S2S CARD schedule requests around their own fields: schedule_id first, the hash (Formula 3 or 4) last. */
import { formSpec, required, type FormSpec } from '../form-spec.js';

export const SCHEDULE_ID = { schedule_id: required({ max: 64 }) };
export const HASH = { hash: required() };
/** DESCHEDULE: the chain that stops following the schedule. */
export const RECURRING_TOKEN = { recurring_token: required({ max: 64 }) };

/** A schedule_id request: schedule_id, the action's own fields, the hash. */
export const scheduleIdRequest = <P extends FormSpec[]>(...own: P) => formSpec(SCHEDULE_ID, ...own, HASH);
