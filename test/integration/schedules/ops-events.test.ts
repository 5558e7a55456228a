/**
 * Ops events as an operator sends them from the console: PutEvents on the ops bus (moto) → rule → SQS target → the
 * local poller → functions/schedules/ops-event. Also RETRY of a soft-declined recurring transaction.
 */
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { addDays } from '../../../shared/domain/schedule.js';
import { EVENT_BUS } from '../../../shared/lib/resources.js';
import { eventually, postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { recurringFields, saleFields, transIdFields } from '../../support/s2s.js';
import { createScheduleFields, scheduleFields, todayUtc } from './support.js';
import { runSchedulesCommand } from '../../../scripts/admin/schedules.js';

const platform = usePlatform();
let merchant: Merchant;
let shop: MerchantServer;
let events: EventBridgeClient;
let post: (fields: Record<string, unknown>) => Promise<{ status: number; body: any }>;

beforeAll(async () => {
  shop = await startMerchantServer();
  merchant = await testMerchant({ notificationUrl: shop.url });
  post = (fields) => postForm(`${platform.url}/post`, fields as never);
  events = new EventBridgeClient({
    region: 'eu-west-1',
    endpoint: platform.endpoints.moto,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
});
afterAll(async () => {
  events?.destroy();
  await shop?.close();
});

/** What the console's "Send events" form does: one entry on the ops bus. */
async function send(detailType: string, detail: unknown): Promise<void> {
  const res = await events.send(
    new PutEventsCommand({
      Entries: [
        {
          EventBusName: platform.resources.eventBusName,
          Source: EVENT_BUS.opsSource,
          DetailType: detailType,
          Detail: JSON.stringify(detail),
        },
      ],
    }),
  );
  expect(res.FailedEntryCount ?? 0).toBe(0);
}

const today = todayUtc();
const newSchedule = async (extra: Record<string, string> = {}) =>
  (await post(createScheduleFields(merchant, extra))).body.schedule_id as string;
const info = async (id: string) => (await post(scheduleFields(merchant, 'SCHEDULE_INFO', id))).body;
const subscription = (scheduleId: string, token: string) => deps().schedules.getSubscription(scheduleId, token);
const callbacks = (orderId: string, action: string) =>
  shop.received.filter((c) => c.fields.order_id === orderId && c.fields.action === action).map((c) => c.fields);
async function chain(scheduleId: string, extra: Record<string, string> = {}) {
  const res = await post(saleFields(merchant, { recurring_init: 'Y', schedule_id: scheduleId, ...extra }));
  expect(res.body.result).toBe('SUCCESS');
  return res.body as { trans_id: string; order_id: string; recurring_token: string };
}

describe('ops events from the console', () => {
  it('Schedule Paused / Schedule Resumed', async () => {
    const id = await newSchedule();
    await send('Schedule Paused', { schedule_id: id });
    await eventually(async () => (await info(id)).paused === 'Y' || undefined);
    await send('Schedule Resumed', { schedule_id: id });
    await eventually(async () => (await info(id)).paused === 'N' || undefined);
  });

  it('Subscription Amount Changed and Subscription Rescheduled, then the run charges the new amount', async () => {
    const id = await newSchedule({ interval_length: '10', interval_unit: 'day' });
    const c = await chain(id);
    await send('Subscription Amount Changed', { schedule_id: id, recurring_token: c.recurring_token, amount: '12.34' });
    await eventually(async () => (await subscription(id, c.recurring_token))?.amount === 1234 || undefined);
    await send('Subscription Rescheduled', { schedule_id: id, recurring_token: c.recurring_token, next_run_date: today });
    const moved = await eventually(async () => {
      const s = await subscription(id, c.recurring_token);
      return s?.anchorDate === today ? s : undefined;
    });
    expect(moved).toMatchObject({ nextRun: 1, nextRunAt: `${today}T00:00:00.000Z` });
    await platform.runScheduled('ScheduleRunner');
    const cb = await eventually(() => callbacks(c.order_id, 'RECURRING_SALE')[0]);
    expect(cb).toMatchObject({ result: 'SUCCESS', amount: '12.34', schedule_id: id });
    // Later runs are counted from the new date.
    await eventually(
      async () => (await subscription(id, c.recurring_token))?.nextRunAt === `${addDays(today, 10)}T00:00:00.000Z` || undefined,
    );
  });

  it('Subscription Paused skips runs; Subscription Run Now after Resumed charges at once', async () => {
    const id = await newSchedule({ interval_length: '1', interval_unit: 'day' });
    const c = await chain(id, { schedule_start_date: today });
    await send('Subscription Paused', { schedule_id: id, recurring_token: c.recurring_token });
    await eventually(async () => (await subscription(id, c.recurring_token))?.paused || undefined);
    await platform.runScheduled('ScheduleRunner');
    await eventually(async () => ((await subscription(id, c.recurring_token))?.nextRun ?? 0) > 1 || undefined);
    expect(callbacks(c.order_id, 'RECURRING_SALE')).toHaveLength(0);
    await send('Subscription Resumed', { schedule_id: id, recurring_token: c.recurring_token });
    await eventually(async () => (await subscription(id, c.recurring_token))?.paused === false || undefined);
    await send('Subscription Run Now', { schedule_id: id, recurring_token: c.recurring_token });
    await eventually(async () => ((await subscription(id, c.recurring_token))?.nextRunAt ?? '9') <= new Date().toISOString() || undefined);
    await platform.runScheduled('ScheduleRunner');
    await eventually(() => callbacks(c.order_id, 'RECURRING_SALE')[0]);
  });

  it('an invalid event changes nothing; the next valid one still applies', async () => {
    const id = await newSchedule();
    const c = await chain(id);
    await send('Subscription Amount Changed', { schedule_id: id, recurring_token: c.recurring_token, amount: '12.345' });
    await send('Subscription Amount Changed', { schedule_id: id, recurring_token: c.recurring_token, amount: 5 });
    await send('Subscription Rescheduled', { schedule_id: id, recurring_token: c.recurring_token, next_run_date: '2020-01-01' });
    await send('Schedule Paused', { schedule_id: '00000000-0000-4000-8000-000000000000' });
    await send('Subscription Amount Changed', { schedule_id: id, recurring_token: c.recurring_token, amount: '3.00' });
    const sub = await eventually(async () => {
      const s = await subscription(id, c.recurring_token);
      return s?.amount === 300 ? s : undefined;
    });
    expect(sub.anchorDate).not.toBe('2020-01-01');
    expect(sub.version).toBe(2);
  });
});

describe('admin CLI: npm run admin -- schedules', () => {
  it('applies the same events as the console and shows schedules and subscriptions', async () => {
    const id = await newSchedule();
    expect(await runSchedulesCommand(['event', 'Schedule Paused', JSON.stringify({ schedule_id: id })])).toEqual({
      applied: `schedule ${id} paused`,
    });
    expect((await info(id)).paused).toBe('Y');
    expect(await runSchedulesCommand(['show', id])).toMatchObject({ scheduleId: id, paused: true });
    const c = await chain(id);
    expect(await runSchedulesCommand(['subscription', id, c.recurring_token])).toMatchObject({ initialTransId: c.trans_id, nextRun: 1 });
    await expect(runSchedulesCommand(['event', 'Schedule Paused', '{not json'])).rejects.toThrow('DETAIL_JSON is not JSON.');
    await expect(runSchedulesCommand(['event', 'Schedule Exploded', '{}'])).rejects.toThrow('unknown detail-type');
  });
});

describe('RETRY', () => {
  /** A recurring charge the acquirer soft-declined (the sandbox approves recurring charges, so the decline is recorded as the acquirer would leave it). */
  async function softDeclined() {
    const init = (await post(saleFields(merchant, { recurring_init: 'Y' }))).body;
    const rec = (await post(recurringFields(merchant, { transId: init.trans_id, token: init.recurring_token }))).body;
    const d = deps();
    const p = (await d.payments.get(rec.trans_id))!;
    await d.payments.update(
      {
        ...p,
        status: 'DECLINED',
        declineReason: 'Insufficient funds',
        capturedAmount: 0,
        version: p.version + 1,
        history: p.history.map((h) => ({ ...h, status: 'fail' as const })),
      },
      [],
    );
    return rec as { trans_id: string; order_id: string };
  }

  it('answers ACCEPTED and reports the outcome by callback', async () => {
    const rec = await softDeclined();
    const res = await post(transIdFields(merchant, 'RETRY', rec.trans_id));
    expect(res.body).toEqual({ action: 'RETRY', result: 'ACCEPTED', order_id: rec.order_id, trans_id: rec.trans_id });
    const cb = await eventually(
      () => shop.received.find((c) => c.fields.trans_id === rec.trans_id && c.fields.status === 'SETTLED')?.fields,
    );
    expect(cb).toMatchObject({ action: 'RECURRING_SALE', result: 'SUCCESS', status: 'SETTLED', amount: '5.00' });
    expect((await post(transIdFields(merchant, 'GET_TRANS_STATUS', rec.trans_id))).body.status).toBe('SETTLED');
    // Settled now: nothing to retry.
    expect((await post(transIdFields(merchant, 'RETRY', rec.trans_id))).body).toMatchObject({
      result: 'ERROR',
      error_code: 100000,
      error_message: 'Retry is not allowed.',
    });
  });

  it('concurrent retries charge once', async () => {
    const rec = await softDeclined();
    const results = await Promise.all(Array.from({ length: 4 }, () => post(transIdFields(merchant, 'RETRY', rec.trans_id))));
    expect(results.filter((r) => r.body.result === 'ACCEPTED').length).toBeGreaterThanOrEqual(1);
    const p = (await deps().payments.get(rec.trans_id))!;
    expect(p.history.filter((h) => h.type === 'RECURRING_SALE' && h.status === 'success')).toHaveLength(1);
  });

  it('only soft-declined recurring transactions; unknown trans_id 101000; hash checked', async () => {
    const sale = (await post(saleFields(merchant, { card_exp_month: '02' }))).body;
    expect((await post(transIdFields(merchant, 'RETRY', sale.trans_id))).body).toMatchObject({ error_message: 'Retry is not allowed.' });
    expect((await post(transIdFields(merchant, 'RETRY', '00000000-0000-4000-8000-000000000000'))).body).toMatchObject({
      result: 'ERROR',
      error_code: 101000,
      error_message: 'Transaction does not exist.',
    });
    const rec = await softDeclined();
    const bad = await post(transIdFields(merchant, 'RETRY', rec.trans_id, { email: 'other@example.com' }));
    expect(bad.body.errors).toEqual([{ error_code: 100000, error_message: 'hash: Hash is not valid.' }]);
    expect((await deps().payments.get(rec.trans_id))!.status).toBe('DECLINED');
  });
});
