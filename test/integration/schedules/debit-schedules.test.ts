/**
 * 6.7.0 "recurring debit and debit schedules": schedule_id on S2S DEBIT (with recurring_init=Y) attaches the schedule,
 * and each run is a RECURRING_DEBIT charge (spec Endpoints: "RECURRING_DEBIT | CARD | Recurring debit.").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { addMonths } from '../../../shared/domain/schedule.js';
import { eventually, postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { saleFields, transIdFields } from '../../support/s2s.js';
import { createScheduleFields, todayUtc } from './support.js';

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

const today = todayUtc();
const schedule = async () =>
  (await post(createScheduleFields(merchant, { interval_length: '1', interval_unit: 'month' }))).body.schedule_id as string;
const debitFields = (extra: Record<string, string | undefined>) =>
  saleFields(merchant, { action: 'DEBIT', payee_first_name: 'Jane', ...extra });
const callbacks = (orderId: string, action: string) =>
  shop.received.filter((c) => c.fields.order_id === orderId && c.fields.action === action).map((c) => c.fields);
const errorsOf = (body: any) => (body.errors as Array<{ error_message: string }>).map((e) => e.error_message);

describe('DEBIT with schedule_id', () => {
  it('attaches the schedule (echoed with first_recurring_date); its due run is a RECURRING_DEBIT on the debit card', async () => {
    const id = await schedule();
    const debit = await post(
      debitFields({ recurring_init: 'Y', schedule_id: id, schedule_start_date: today, payment_schedule_amount: '4.00' }),
    );
    expect(debit.body).toMatchObject({
      action: 'DEBIT',
      result: 'SUCCESS',
      status: 'SETTLED',
      schedule_id: id,
      first_recurring_date: today,
      recurring_token: expect.any(String),
    });
    const sub = await deps().schedules.getSubscription(id, debit.body.recurring_token);
    expect(sub).toMatchObject({ state: 'active', action: 'RECURRING_DEBIT', initialTransId: debit.body.trans_id, amount: 400 });
    expect((await post(transIdFields(merchant, 'GET_TRANS_STATUS', debit.body.trans_id))).body).toMatchObject({
      schedule_id: id,
      first_recurring_date: today,
    });

    await platform.runScheduled('ScheduleRunner');
    const run = await eventually(() => callbacks(debit.body.order_id, 'RECURRING_DEBIT')[0]);
    expect(run).toMatchObject({
      result: 'SUCCESS',
      status: 'SETTLED',
      amount: '4.00',
      schedule_id: id,
      recurring_init_trans_id: debit.body.trans_id,
    });
    expect(callbacks(debit.body.order_id, 'RECURRING_SALE')).toEqual([]);
    const charged = await eventually(async () => {
      const s = await deps().schedules.getSubscription(id, debit.body.recurring_token);
      return s?.chargesMade === 1 ? s : undefined;
    });
    expect(charged).toMatchObject({ nextRun: 2, nextRunAt: `${addMonths(today, 1)}T00:00:00.000Z`, lastTransId: run.trans_id });
    expect((await deps().payments.get(String(run.trans_id)))!.action).toBe('RECURRING_DEBIT');
  });

  it("follows the SALE rules: schedule_id only with recurring_init=Y, the merchant's own schedule", async () => {
    const id = await schedule();
    expect(errorsOf((await post(debitFields({ schedule_id: id }))).body)).toEqual([
      'schedule_id: This value is available with recurring_init=Y only.',
    ]);
    const unknown = await post(debitFields({ recurring_init: 'Y', schedule_id: '00000000-0000-4000-8000-000000000000' }));
    expect(unknown.body).toMatchObject({ result: 'ERROR', error_code: 100000, error_message: 'Schedule not found' });
  });

  it('a SALE chain still runs as RECURRING_SALE', async () => {
    const id = await schedule();
    const sale = await post(saleFields(merchant, { recurring_init: 'Y', schedule_id: id }));
    expect(await deps().schedules.getSubscription(id, sale.body.recurring_token)).toMatchObject({ action: 'RECURRING_SALE' });
  });
});
