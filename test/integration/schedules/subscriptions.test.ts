/**
 * A schedule attached to a recurring chain (SALE recurring_init=Y + schedule_id), the runner that queues due runs
 * and the consumer that charges them: echoes, rules, one charge per run, pause, payments_count, DESCHEDULE, 3DS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { addDays, addMonths } from '../../../shared/domain/schedule.js';
import { enqueueDue } from '../../../shared/operations/schedules/runner.js';
import { chargeRun } from '../../../shared/operations/schedules/charge-run.js';
import { encodeForm } from '../../../shared/protocol/form.js';
import { eventually, postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { queueDrained } from '../../support/drained.js';
import { saleFields, transIdFields } from '../../support/s2s.js';
import { createScheduleFields, scheduleFields, todayUtc } from './support.js';

const platform = usePlatform();
let merchant: Merchant;
let shop: MerchantServer;
let post: (fields: Record<string, unknown>) => Promise<{ status: number; body: any }>;

beforeAll(async () => {
  shop = await startMerchantServer();
  merchant = await testMerchant({ notificationUrl: shop.url });
  post = (fields) => postForm(`${platform.url}/post`, fields as never);
});
afterAll(async () => {
  await shop?.close();
});

const schedule = async (extra: Record<string, string> = {}, m = merchant) =>
  (await post(createScheduleFields(m, extra))).body.schedule_id as string;
const initSale = async (scheduleId: string, extra: Record<string, string> = {}) => {
  const res = await post(saleFields(merchant, { recurring_init: 'Y', schedule_id: scheduleId, ...extra }));
  expect(res.body).toMatchObject({ result: 'SUCCESS', schedule_id: scheduleId, recurring_token: expect.any(String) });
  return res.body as { trans_id: string; order_id: string; recurring_token: string; first_recurring_date: string };
};
const errorsOf = (body: any) => (body.errors as Array<{ error_message: string }>).map((e) => e.error_message);
const callbacks = (orderId: string, action: string) =>
  shop.received.filter((c) => c.fields.order_id === orderId && c.fields.action === action).map((c) => c.fields);
const scheduledPayments = async (orderId: string) =>
  (await deps().payments.findByOrder(merchant.clientKey, orderId, 20)).filter((p) => p.action === 'RECURRING_SALE');
const subscription = (scheduleId: string, token: string) => deps().schedules.getSubscription(scheduleId, token);
const today = todayUtc();

describe('attaching a schedule on SALE', () => {
  it('echoes schedule_id and first_recurring_date in the answer, the callback and the status', async () => {
    const id = await schedule({ interval_length: '14', interval_unit: 'day' });
    const sale = await initSale(id);
    const first = addDays(today, 14);
    expect(sale.first_recurring_date).toBe(first);
    const cb = await eventually(() => callbacks(sale.order_id, 'SALE')[0]);
    expect(cb).toMatchObject({ schedule_id: id, first_recurring_date: first, recurring_token: sale.recurring_token });
    const status = await post(transIdFields(merchant, 'GET_TRANS_STATUS', sale.trans_id));
    expect(status.body).toMatchObject({ schedule_id: id, first_recurring_date: first });
    expect(await subscription(id, sale.recurring_token)).toMatchObject({
      state: 'active',
      nextRun: 1,
      anchorDate: first,
      amount: 1000,
      initialTransId: sale.trans_id,
    });
  });

  it('the delayed first payment decides the first date; schedule_start_date overrides it', async () => {
    const delayed = await schedule({
      delayed_first_payment: 'delay_by_interval',
      first_payment_interval_length: '2',
      first_payment_interval_unit: 'month',
    });
    expect((await initSale(delayed)).first_recurring_date).toBe(addMonths(today, 2));
    const start = addDays(today, 3);
    const sale = await initSale(delayed, { schedule_start_date: start, payment_schedule_amount: '7.50' });
    expect(sale).toMatchObject({
      first_recurring_date: start,
      schedule_start_date: start,
      payment_schedule_amount: '7.50',
      amount: '10.00',
    });
    const cb = await eventually(() => callbacks(sale.order_id, 'SALE')[0]);
    expect(cb).toMatchObject({ first_recurring_date: start, schedule_start_date: start, payment_schedule_amount: '7.50' });
    expect(await subscription(delayed, sale.recurring_token)).toMatchObject({ amount: 750, anchorDate: start });
  });

  it('refuses schedule parameters that do not fit, before charging', async () => {
    const id = await schedule();
    const cases: Array<[Record<string, string>, string]> = [
      [{ schedule_id: id }, 'schedule_id: This value is available with recurring_init=Y only.'],
      [{ recurring_init: 'Y', schedule_start_date: today }, 'schedule_start_date: This value is available with schedule_id only.'],
      [{ recurring_init: 'Y', payment_schedule_amount: '1.00' }, 'payment_schedule_amount: This value is available with schedule_id only.'],
      [
        { recurring_init: 'Y', schedule_id: id, schedule_start_date: addDays(today, -1) },
        `schedule_start_date: This value should be greater than or equal to ${today}.`,
      ],
      [{ recurring_init: 'Y', schedule_id: id, schedule_start_date: '2031-02-30' }, 'schedule_start_date: This value is not valid.'],
      [{ recurring_init: 'Y', schedule_id: id, payment_schedule_amount: '7.5' }, 'payment_schedule_amount: This value is not valid.'],
      [
        { recurring_init: 'Y', schedule_id: id, payment_schedule_amount: '0.00' },
        'payment_schedule_amount: This value should be greater than 0.',
      ],
    ];
    for (const [extra, message] of cases) {
      const res = await post(saleFields(merchant, extra));
      expect(res.body).toMatchObject({ result: 'ERROR', error_code: 100000 });
      expect(errorsOf(res.body)).toEqual([message]);
    }
    const unknown = await post(saleFields(merchant, { recurring_init: 'Y', schedule_id: '00000000-0000-4000-8000-000000000000' }));
    expect(unknown.body).toMatchObject({ result: 'ERROR', error_code: 100000, error_message: 'Schedule not found' });
  });

  it('a zero-amount initiating payment needs payment_schedule_amount', async () => {
    const zero = await testMerchant({ mids: [{ zeroAmount: true }] });
    const id = (await postForm(`${platform.url}/post`, createScheduleFields(zero) as never)).body.schedule_id;
    const res = await post(saleFields(zero, { order_amount: '0.00', recurring_init: 'Y', schedule_id: id }));
    expect(errorsOf(res.body)).toEqual(['payment_schedule_amount: This value should not be blank.']);
    const ok = await post(
      saleFields(zero, { order_amount: '0.00', recurring_init: 'Y', schedule_id: id, payment_schedule_amount: '9.99' }),
    );
    expect(ok.body).toMatchObject({ result: 'SUCCESS', amount: '0.00', payment_schedule_amount: '9.99' });
  });

  it('after 3DS the chain starts with the schedule too', async () => {
    const id = await schedule({ interval_length: '7', interval_unit: 'day' });
    const res = await post(saleFields(merchant, { card_exp_month: '05', recurring_init: 'Y', schedule_id: id }));
    expect(res.body).toMatchObject({ result: 'REDIRECT', status: '3DS' });
    const done = await fetch(`${platform.url}/threeds/${res.body.trans_id}/complete`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: encodeForm({ PaReq: res.body.redirect_params.PaReq }),
    });
    expect(done.status).toBeLessThan(400);
    const cb = await eventually(() => callbacks(res.body.order_id, 'SALE')[0]);
    expect(cb).toMatchObject({ result: 'SUCCESS', schedule_id: id, first_recurring_date: addDays(today, 7) });
    expect(await subscription(id, cb.recurring_token as string)).toMatchObject({ state: 'active', anchorDate: addDays(today, 7) });
  });
});

describe('the runner and the recurring-charge consumer', () => {
  it('charges a due run once, with payment_schedule_amount, and moves to the next date', async () => {
    const id = await schedule({ interval_length: '1', interval_unit: 'month', day_of_month: '31' });
    const sale = await initSale(id, { schedule_start_date: today, payment_schedule_amount: '7.50' });
    await platform.runScheduled('ScheduleRunner');
    const cb = await eventually(() => callbacks(sale.order_id, 'RECURRING_SALE')[0]);
    expect(cb).toMatchObject({
      result: 'SUCCESS',
      status: 'SETTLED',
      amount: '7.50',
      currency: 'USD',
      schedule_id: id,
      recurring_init_trans_id: sale.trans_id,
    });
    const sub = await eventually(async () =>
      (await subscription(id, sale.recurring_token))?.chargesMade === 1 ? subscription(id, sale.recurring_token) : undefined,
    );
    expect(sub).toMatchObject({
      nextRun: 2,
      nextRunAt: `${addMonths(today, 1, 31)}T00:00:00.000Z`,
      state: 'active',
      lastTransId: cb.trans_id,
    });
    // Not due again: a second run of the runner queues nothing for it.
    await platform.runScheduled('ScheduleRunner');
    // Whatever that run queued has been charged by now.
    await queueDrained(platform, 'recurringCharges');
    expect(await scheduledPayments(sale.order_id)).toHaveLength(1);
  });

  it('two runners at once queue a due run once', async () => {
    const id = await schedule();
    const sale = await initSale(id, { schedule_start_date: today });
    const d = deps();
    const results = await Promise.all([enqueueDue(d), enqueueDue(d), enqueueDue(d)]);
    expect(results.reduce((n, r) => n + r.queued, 0)).toBe(1);
    await eventually(async () => (await subscription(id, sale.recurring_token))?.chargesMade === 1 || undefined);
    await queueDrained(platform, 'recurringCharges');
    expect(await scheduledPayments(sale.order_id)).toHaveLength(1);
  });

  it('the same run delivered several times at once charges once', async () => {
    const id = await schedule();
    const sale = await initSale(id, { schedule_start_date: today });
    const message = { scheduleId: id, recurringToken: sale.recurring_token, run: 1 };
    const outcomes = await Promise.allSettled([chargeRun(deps(), message), chargeRun(deps(), message), chargeRun(deps(), message)]);
    expect(outcomes.some((o) => o.status === 'fulfilled' && o.value === 'charged')).toBe(true);
    expect(await scheduledPayments(sale.order_id)).toHaveLength(1);
    expect(await subscription(id, sale.recurring_token)).toMatchObject({ chargesMade: 1, nextRun: 2 });
    // Redelivered after the fact: nothing happens.
    expect(await chargeRun(deps(), message)).toBe('stale');
    await eventually(() => callbacks(sale.order_id, 'RECURRING_SALE').length === 1 || undefined);
  });

  it('a paused schedule skips the due run without charging; after RUN_SCHEDULE later runs charge', async () => {
    const id = await schedule({ interval_length: '1', interval_unit: 'day' });
    const sale = await initSale(id, { schedule_start_date: today });
    expect((await post(scheduleFields(merchant, 'PAUSE_SCHEDULE', id))).body.result).toBe('SUCCESS');
    await platform.runScheduled('ScheduleRunner');
    const sub = await eventually(async () => {
      const s = await subscription(id, sale.recurring_token);
      return s && s.nextRun > 1 ? s : undefined;
    });
    expect(sub).toMatchObject({ chargesMade: 0, nextRun: 2, nextRunAt: `${addDays(today, 1)}T00:00:00.000Z` });
    expect(await scheduledPayments(sale.order_id)).toHaveLength(0);
    expect((await post(scheduleFields(merchant, 'RUN_SCHEDULE', id))).body.result).toBe('SUCCESS');
    // Run 2 falls due tomorrow; make it due now the way an operator would (Subscription Run Now) and charge it.
    await deps().schedules.saveSubscription({ ...sub, nextRunAt: new Date().toISOString(), version: sub.version + 1 });
    await platform.runScheduled('ScheduleRunner');
    await eventually(() => callbacks(sale.order_id, 'RECURRING_SALE')[0]);
    expect(await scheduledPayments(sale.order_id)).toHaveLength(1);
  });

  it('payments_count charges end the subscription', async () => {
    const id = await schedule({ payments_count: '1' });
    const sale = await initSale(id, { schedule_start_date: today });
    await platform.runScheduled('ScheduleRunner');
    const sub = await eventually(async () => {
      const s = await subscription(id, sale.recurring_token);
      return s?.state === 'ended' ? s : undefined;
    });
    expect(sub).toMatchObject({ chargesMade: 1, endReason: 'payments_count reached' });
    expect(await deps().schedules.findDue(new Date(Date.now() + 400 * 86_400_000).toISOString(), 100)).not.toContainEqual(
      expect.objectContaining({ recurringToken: sale.recurring_token }),
    );
  });

  it('DESCHEDULE stops the chain; a deleted schedule charges no more', async () => {
    const id = await schedule();
    const sale = await initSale(id, { schedule_start_date: today });
    const bad = await post(scheduleFields(merchant, 'DESCHEDULE', id, { recurring_token: 'not-a-token' }));
    expect(bad.body).toMatchObject({ result: 'ERROR', error_code: 100000, error_message: 'This value is not correct.' });
    const res = await post(scheduleFields(merchant, 'DESCHEDULE', id, { recurring_token: sale.recurring_token }));
    expect(res.body).toEqual({ action: 'DESCHEDULE', result: 'SUCCESS' });
    expect(await subscription(id, sale.recurring_token)).toMatchObject({ state: 'ended', endReason: 'descheduled' });

    const id2 = await schedule();
    const sale2 = await initSale(id2, { schedule_start_date: today });
    await post(scheduleFields(merchant, 'DELETE_SCHEDULE', id2));
    await platform.runScheduled('ScheduleRunner');
    await eventually(async () => (await subscription(id2, sale2.recurring_token))?.state === 'ended' || undefined);
    expect(await scheduledPayments(sale.order_id)).toHaveLength(0);
    expect(await scheduledPayments(sale2.order_id)).toHaveLength(0);
  });
});
