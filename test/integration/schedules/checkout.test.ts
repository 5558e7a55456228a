/** A Checkout session with recurring_init + schedule_id: the page payment starts the scheduled chain, the runner charges it. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { addDays } from '../../../shared/domain/schedule.js';
import { eventually, postForm, postJson, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { card, createSession, postPage, sessionBody, signed } from '../checkout/support.js';
import { createScheduleFields, todayUtc } from './support.js';

const platform = usePlatform();
let merchant: Merchant;
let shop: MerchantServer;

beforeAll(async () => {
  shop = await startMerchantServer();
  merchant = await testMerchant({ notificationUrl: shop.url });
});
afterAll(async () => {
  await shop?.close();
});

it('the page payment echoes first_recurring_date; the scheduled run is a Checkout recurring callback', async () => {
  const scheduleId = (
    await postForm(`${platform.url}/post`, createScheduleFields(merchant, { interval_length: '30', interval_unit: 'day' }) as never)
  ).body.schedule_id;
  const { url, order } = await createSession(platform.url, merchant, { recurring_init: true, schedule_id: scheduleId });
  await postPage(`${url}/pay`, card('01/38'));
  const first = addDays(todayUtc(), 30);
  const cb = await eventually(() => shop.received.find((c) => c.fields.order_number === order.number && c.fields.type === 'sale')?.fields);
  expect(cb).toMatchObject({ status: 'success', schedule_id: scheduleId, first_recurring_date: first });
  const paymentId = cb.id as string;

  const status = await postJson(`${platform.url}/api/v1/payment/status`, signed(merchant, { payment_id: paymentId }, [paymentId]));
  expect(status.body).toMatchObject({ schedule_id: scheduleId, first_recurring_date: first });

  const sub = (await deps().schedules.getSubscription(scheduleId, cb.recurring_token as string))!;
  expect(sub).toMatchObject({ protocol: 'checkout', amount: 1000, anchorDate: first, initialTransId: paymentId });
  // Make the first run due now (as "Subscription Run Now" does) and let the runner charge it.
  await deps().schedules.saveSubscription({ ...sub, nextRunAt: new Date().toISOString(), version: sub.version + 1 });
  await platform.runScheduled('ScheduleRunner');
  const recurring = await eventually(
    () => shop.received.find((c) => c.fields.type === 'recurring' && c.fields.recurring_init_trans_id === paymentId)?.fields,
  );
  expect(recurring).toMatchObject({
    status: 'success',
    order_status: 'settled',
    order_number: order.number,
    order_amount: '10.00',
    schedule_id: scheduleId,
  });
});

it('a session takes schedule_start_date and payment_schedule_amount with schedule_id, and refuses an unknown schedule', async () => {
  const scheduleId = (
    await postForm(`${platform.url}/post`, createScheduleFields(merchant, { interval_length: '1', interval_unit: 'month' }) as never)
  ).body.schedule_id;
  const start = addDays(todayUtc(), 3);
  const { url, order } = await createSession(platform.url, merchant, {
    recurring_init: true,
    schedule_id: scheduleId,
    schedule_start_date: start,
    payment_schedule_amount: '4.99',
  });
  await postPage(`${url}/pay`, card('01/38'));
  const cb = await eventually(() => shop.received.find((c) => c.fields.order_number === order.number && c.fields.type === 'sale')?.fields);
  expect(cb).toMatchObject({
    schedule_id: scheduleId,
    schedule_start_date: start,
    payment_schedule_amount: '4.99',
    first_recurring_date: start,
  });
  const sub = (await deps().schedules.getSubscription(scheduleId, cb.recurring_token as string))!;
  expect(sub).toMatchObject({ amount: 499, anchorDate: start });

  const unknown = await createSessionRaw({ recurring_init: true, schedule_id: '00000000-0000-4000-8000-000000000000' });
  expect(unknown.status).toBe(400);
  expect(unknown.body.error_message).toBe('Schedule not found');
  const noSchedule = await createSessionRaw({ recurring_init: true, schedule_start_date: start });
  expect(noSchedule.status).toBe(400);
  expect(noSchedule.body.errors).toEqual([
    { error_code: 100000, error_message: 'schedule_start_date: This value is available with schedule_id only.' },
  ]);
});

function createSessionRaw(overrides: Record<string, unknown>) {
  return postJson(`${platform.url}/api/v1/session`, sessionBody(merchant, overrides));
}
