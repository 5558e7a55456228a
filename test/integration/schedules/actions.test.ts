/** S2S CARD schedule actions: CREATE / UPDATE / PAUSE / RUN / DELETE_SCHEDULE and SCHEDULE_INFO, their rules and errors. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { createScheduleFields, scheduleFields } from './support.js';

const platform = usePlatform();
let merchant: Merchant;
let other: Merchant;
let post: (fields: Record<string, unknown>) => Promise<{ status: number; body: any }>;

beforeAll(async () => {
  merchant = await testMerchant();
  other = await testMerchant();
  post = (fields) => postForm(`${platform.url}/post`, fields as never);
});

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const create = async (extra: Record<string, string> = {}) => {
  const res = await post(createScheduleFields(merchant, { name: `plan-${Math.random()}`, ...extra }));
  expect(res.body).toMatchObject({ action: 'CREATE_SCHEDULE', result: 'SUCCESS' });
  return res.body.schedule_id as string;
};
const info = async (id: string) => (await post(scheduleFields(merchant, 'SCHEDULE_INFO', id))).body;
const errorsOf = (body: any) => (body.errors as Array<{ error_message: string }>).map((e) => e.error_message);

describe('CREATE_SCHEDULE and SCHEDULE_INFO', () => {
  it('creates a schedule and reports it; delays is null', async () => {
    const id = await create({ name: 'Fortnightly', interval_length: '14', interval_unit: 'day', payments_count: '6' });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await info(id)).toEqual({
      action: 'SCHEDULE_INFO',
      result: 'SUCCESS',
      schedule_id: id,
      name: 'Fortnightly',
      interval_length: 14,
      interval_unit: 'day',
      day_of_month: null,
      payments_count: 6,
      delays: null,
      delayed_first_payment: 'none',
      paused: 'N',
    });
  });

  it('keeps day_of_month and the delayed first payment parameters', async () => {
    const id = await create({ day_of_month: '31', delayed_first_payment: 'day_of_week', first_payment_day_of_week: '5' });
    expect(await info(id)).toMatchObject({
      interval_unit: 'month',
      day_of_month: 31,
      delayed_first_payment: 'day_of_week',
      first_payment_day_of_week: 5,
    });
  });

  it('refuses the retired delays parameter with the spec text', async () => {
    const res = await post(createScheduleFields(merchant, { delays: '3' }));
    expect(res.status).toBe(400);
    // Issue 9 item 13: the spec's text is the answer's own error_message, and errors[] still names the field.
    expect(res.body).toMatchObject({
      result: 'ERROR',
      http_code: 400,
      error_code: 100000,
      error_message: 'Parameter is deprecated. Use delayed_first_payment and the first_payment_* parameters instead.',
    });
    expect(errorsOf(res.body)).toEqual([
      'delays: Parameter is deprecated. Use delayed_first_payment and the first_payment_* parameters instead.',
    ]);
  });

  it('reports every invalid field at once', async () => {
    const res = await post(
      createScheduleFields(merchant, {
        name: 'x'.repeat(101),
        interval_length: '0',
        interval_unit: 'week',
        payments_count: undefined,
        day_of_month: '32',
      }),
    );
    expect(errorsOf(res.body)).toEqual([
      'name: This value is too long. It should have 100 characters or less.',
      'interval_length: This value should be between 1 and 9999.',
      'interval_unit: The value you selected is not a valid choice.',
      'day_of_month: This value should be between 1 and 31.',
      'payments_count: This value should not be blank.',
    ]);
  });

  it('checks the delayed first payment parameters against its kind', async () => {
    const missing = await post(createScheduleFields(merchant, { delayed_first_payment: 'delay_by_interval' }));
    expect(errorsOf(missing.body)).toEqual([
      'first_payment_interval_length: This value should not be blank.',
      'first_payment_interval_unit: This value should not be blank.',
    ]);
    const mismatch = await post(
      createScheduleFields(merchant, {
        delayed_first_payment: 'day_of_month',
        first_payment_day_of_month: '5',
        first_payment_day_of_week: '2',
      }),
    );
    expect(errorsOf(mismatch.body)).toEqual([
      'first_payment_day_of_week: This value is available with delayed_first_payment day_of_week only.',
    ]);
    const dayUnit = await post(createScheduleFields(merchant, { interval_unit: 'day', day_of_month: '5' }));
    expect(errorsOf(dayUnit.body)).toEqual(['day_of_month: This value is available with interval_unit month only.']);
    const badKind = await post(createScheduleFields(merchant, { delayed_first_payment: 'later' }));
    expect(errorsOf(badKind.body)).toEqual(['delayed_first_payment: The value you selected is not a valid choice.']);
  });

  it('Formula 3: a wrong hash creates nothing', async () => {
    const res = await post(createScheduleFields(merchant, { hash: 'f'.repeat(32) }));
    expect(res.body).toMatchObject({ result: 'ERROR', error_code: 100000 });
    expect(errorsOf(res.body)).toEqual(['hash: Hash is not valid.']);
  });

  it('an identical request sent twice at once creates one schedule', async () => {
    const fields = createScheduleFields(merchant, { name: `dup-${Date.now()}` });
    const results = await Promise.all([post(fields), post(fields), post(fields)]);
    const ids = new Set(results.filter((r) => r.status === 200).map((r) => r.body.schedule_id));
    expect(ids.size).toBe(1);
    for (const r of results.filter((r) => r.status !== 200)) expect(r.status).toBe(409);
  });
});

describe('UPDATE_SCHEDULE', () => {
  it('changes only the parameters sent', async () => {
    const id = await create({ name: 'Gold', payments_count: '12', day_of_month: '15' });
    const res = await post(scheduleFields(merchant, 'UPDATE_SCHEDULE', id, { payments_count: '24' }));
    expect(res.body).toEqual({ action: 'UPDATE_SCHEDULE', result: 'SUCCESS', schedule_id: id });
    expect(await info(id)).toMatchObject({ name: 'Gold', payments_count: 24, day_of_month: 15, interval_unit: 'month' });
  });

  it('switching to a day interval drops day_of_month; switching the delay kind drops the old parameters', async () => {
    const id = await create({ day_of_month: '15', delayed_first_payment: 'day_of_week', first_payment_day_of_week: '1' });
    await post(
      scheduleFields(merchant, 'UPDATE_SCHEDULE', id, {
        interval_unit: 'day',
        interval_length: '7',
        delayed_first_payment: 'day_of_month',
        first_payment_day_of_month: '10',
      }),
    );
    const after = await info(id);
    expect(after).toMatchObject({
      interval_unit: 'day',
      interval_length: 7,
      day_of_month: null,
      delayed_first_payment: 'day_of_month',
      first_payment_day_of_month: 10,
    });
    expect(after.first_payment_day_of_week).toBeUndefined();
  });

  it('validates the result as a whole, and refuses delays and an empty update', async () => {
    const id = await create();
    const incomplete = await post(scheduleFields(merchant, 'UPDATE_SCHEDULE', id, { delayed_first_payment: 'day_of_week' }));
    expect(errorsOf(incomplete.body)).toEqual(['first_payment_day_of_week: This value should not be blank.']);
    const delays = await post(scheduleFields(merchant, 'UPDATE_SCHEDULE', id, { delays: '1' }));
    expect(errorsOf(delays.body)).toContain(
      'delays: Parameter is deprecated. Use delayed_first_payment and the first_payment_* parameters instead.',
    );
    const empty = await post(scheduleFields(merchant, 'UPDATE_SCHEDULE', id));
    expect(empty.body).toMatchObject({ result: 'ERROR', error_code: 100000 });
    expect(errorsOf(empty.body)).toEqual(['At least one schedule parameter must be sent.']);
    expect(await info(id)).toMatchObject({ delayed_first_payment: 'none' });
  });

  it('unknown or foreign schedule_id: 100000 "Schedule not found"', async () => {
    const foreign = (await post(createScheduleFields(other))).body.schedule_id as string;
    for (const id of [UNKNOWN, foreign]) {
      const res = await post(scheduleFields(merchant, 'UPDATE_SCHEDULE', id, { name: 'x' }));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        action: 'UPDATE_SCHEDULE',
        result: 'ERROR',
        error_code: 100000,
        error_message: 'Schedule not found',
      });
    }
  });

  it('Formula 4: a hash over another schedule_id is refused', async () => {
    const id = await create();
    const res = await post({
      ...scheduleFields(merchant, 'UPDATE_SCHEDULE', id, { name: 'y' }),
      hash: scheduleFields(merchant, 'X', UNKNOWN).hash,
    });
    expect(errorsOf(res.body)).toEqual(['hash: Hash is not valid.']);
  });

  it('concurrent updates of different parameters all take effect', async () => {
    const id = await create({ name: 'Race' });
    const changes = [{ name: 'Raced' }, { payments_count: '3' }, { interval_length: '2' }, { day_of_month: '28' }];
    const results = await Promise.all(changes.map((c) => post(scheduleFields(merchant, 'UPDATE_SCHEDULE', id, c))));
    for (const r of results) expect(r.body.result).toBe('SUCCESS');
    expect(await info(id)).toMatchObject({ name: 'Raced', payments_count: 3, interval_length: 2, day_of_month: 28 });
    expect((await deps().schedules.get(id))!.version).toBe(5);
  });
});

describe('PAUSE_SCHEDULE, RUN_SCHEDULE, DELETE_SCHEDULE', () => {
  it('pause sets paused=Y, run sets it back to N', async () => {
    const id = await create();
    expect((await post(scheduleFields(merchant, 'PAUSE_SCHEDULE', id))).body).toEqual({ action: 'PAUSE_SCHEDULE', result: 'SUCCESS' });
    expect((await info(id)).paused).toBe('Y');
    expect((await post(scheduleFields(merchant, 'RUN_SCHEDULE', id))).body).toEqual({ action: 'RUN_SCHEDULE', result: 'SUCCESS' });
    expect((await info(id)).paused).toBe('N');
  });

  it('deletes once; afterwards the schedule is not found', async () => {
    const id = await create();
    expect((await post(scheduleFields(merchant, 'DELETE_SCHEDULE', id))).body).toEqual({ action: 'DELETE_SCHEDULE', result: 'SUCCESS' });
    for (const action of ['DELETE_SCHEDULE', 'SCHEDULE_INFO', 'PAUSE_SCHEDULE', 'RUN_SCHEDULE']) {
      expect((await post(scheduleFields(merchant, action, id))).body).toMatchObject({
        result: 'ERROR',
        error_code: 100000,
        error_message: 'Schedule not found',
      });
    }
  });

  it('concurrent deletes: one succeeds, the others find no schedule', async () => {
    const id = await create();
    const results = await Promise.all(Array.from({ length: 4 }, () => post(scheduleFields(merchant, 'DELETE_SCHEDULE', id))));
    expect(results.filter((r) => r.body.result === 'SUCCESS')).toHaveLength(1);
    for (const r of results.filter((r) => r.body.result !== 'SUCCESS')) expect(r.body.error_message).toBe('Schedule not found');
  });

  it('a missing schedule_id is a validation error', async () => {
    const res = await post({ action: 'PAUSE_SCHEDULE', client_key: merchant.clientKey, hash: 'x' });
    expect(errorsOf(res.body)).toEqual(['schedule_id: This value should not be blank.']);
  });
});
