/** Signed S2S CARD schedule requests (Formula 3 for CREATE_SCHEDULE, Formula 4 for the rest), as a merchant sends them. */
import type { Merchant } from '../../../shared/domain/merchant.js';
import type { FormValue } from '../../../shared/protocol/form.js';
import { formula3, formula4 } from '../../../shared/protocol/signature.js';

type Fields = Record<string, FormValue | undefined>;

export function createScheduleFields(merchant: Merchant, overrides: Fields = {}): Fields {
  return {
    action: 'CREATE_SCHEDULE',
    client_key: merchant.clientKey,
    name: 'Monthly plan',
    interval_length: '1',
    interval_unit: 'month',
    payments_count: '12',
    hash: formula3({ password: merchant.password }),
    ...overrides,
  };
}

export function scheduleFields(merchant: Merchant, action: string, scheduleId: string, extra: Fields = {}): Fields {
  return {
    action,
    client_key: merchant.clientKey,
    schedule_id: scheduleId,
    hash: formula4({ scheduleId, password: merchant.password }),
    ...extra,
  };
}

/** Today's date (UTC), the day a run dated today falls due at 00:00. */
export const todayUtc = () => new Date().toISOString().slice(0, 10);
