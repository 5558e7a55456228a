/**
 * Schedules and subscriptions in the console API: a merchant's schedules listed from its index, one schedule's
 * subscriptions, and pause / resume / run now / change amount through the ops events' operation, each audited.
 * Another merchant's schedule answers 404; a viewer changes nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { saleFields } from '../../support/s2s.js';
import { createScheduleFields } from '../schedules/support.js';
import { signInConsole, type ConsoleClient } from './support.js';

const platform = usePlatform();
let shop: Merchant;
let other: Merchant;
let operator: ConsoleClient;
let admin: ConsoleClient;
let viewer: ConsoleClient;
let stranger: ConsoleClient;

const post = (fields: Record<string, unknown>) => postForm(`${platform.url}/post`, fields as never);

async function scheduleWithSubscription(m: Merchant) {
  const id = (await post(createScheduleFields(m, { name: `plan ${Math.random()}`, interval_length: '10', interval_unit: 'day' }))).body
    .schedule_id as string;
  const sale = await post(saleFields(m, { recurring_init: 'Y', schedule_id: id }));
  expect(sale.body.result).toBe('SUCCESS');
  return { id, token: sale.body.recurring_token as string };
}

beforeAll(async () => {
  shop = await testMerchant();
  other = await testMerchant();
  operator = await signInConsole(platform.url, 'ops@sched.example', 'operator');
  admin = await signInConsole(platform.url, 'admin@sched.example', 'merchant-admin', shop.clientKey);
  viewer = await signInConsole(platform.url, 'viewer@sched.example', 'merchant-viewer', shop.clientKey);
  stranger = await signInConsole(platform.url, 'admin@other-sched.example', 'merchant-admin', other.clientKey);
});

describe('console schedules', () => {
  it('lists a merchant’s schedules newest first and shows one with its subscriptions', async () => {
    const a = await scheduleWithSubscription(shop);
    const b = await scheduleWithSubscription(shop);
    const list = await admin.get('/schedules');
    expect(list.status).toBe(200);
    expect(list.body.schedules.map((s: any) => s.scheduleId).slice(0, 2)).toEqual([b.id, a.id]);
    const one = await admin.get(`/schedules/${a.id}`);
    expect(one.body.schedule).toMatchObject({ scheduleId: a.id, paused: false, every: '10 days' });
    expect(one.body.subscriptions).toEqual([
      expect.objectContaining({ recurringToken: a.token, state: 'active', paused: false, amount: expect.any(String) }),
    ]);
    // The operator names the merchant; the other merchant's list does not hold them.
    expect((await operator.get(`/schedules?client_key=${shop.clientKey}`)).body.schedules.length).toBeGreaterThanOrEqual(2);
    expect((await stranger.get('/schedules')).body.schedules).toEqual([]);
  });

  it('pauses and resumes a schedule and a subscription, runs one now, changes its amount — each audited', async () => {
    const { id, token } = await scheduleWithSubscription(shop);
    expect((await admin.send('POST', `/schedules/${id}/pause`)).body.schedule.paused).toBe(true);
    expect((await deps().schedules.get(id))!.paused).toBe(true);
    expect((await admin.send('POST', `/schedules/${id}/resume`)).body.schedule.paused).toBe(false);

    const sub = `/schedules/${id}/subscriptions/${token}`;
    expect((await admin.send('POST', `${sub}/pause`)).body.subscription.paused).toBe(true);
    expect((await admin.send('POST', `${sub}/resume`)).body.subscription.paused).toBe(false);
    const before = Date.now();
    const run = await admin.send('POST', `${sub}/run-now`);
    expect(Date.parse(run.body.subscription.nextRunAt)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(run.body.subscription.nextRunAt)).toBeGreaterThanOrEqual(before - 5000);
    const changed = await operator.send('POST', `${sub}/amount`, { amount: '12.34' });
    expect(changed.status).toBe(200);
    expect(changed.body.subscription.amount).toBe('12.34');
    expect((await deps().schedules.getSubscription(id, token))!.amount).toBe(1234);

    const actions = (await admin.get('/audit')).body.entries.filter((e: any) => e.target?.startsWith(id)).map((e: any) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'schedule.pause',
        'schedule.resume',
        'subscription.pause',
        'subscription.resume',
        'subscription.run-now',
        'subscription.amount',
      ]),
    );
    const amountEntry = (await admin.get('/audit')).body.entries.find((e: any) => e.action === 'subscription.amount');
    expect(amountEntry).toMatchObject({ actor: 'ops@sched.example', details: { to: '12.34', currency: 'USD' } });
  });

  it('refuses a bad amount with the reason, a viewer’s change, another merchant’s schedule, and an unknown action', async () => {
    const { id, token } = await scheduleWithSubscription(shop);
    const sub = `/schedules/${id}/subscriptions/${token}`;
    const zero = await admin.send('POST', `${sub}/amount`, { amount: '0.00' });
    expect(zero.status).toBe(400);
    expect(JSON.stringify(zero.body)).toMatch(/greater than 0/);
    expect((await admin.send('POST', `${sub}/amount`, { amount: 'lots' })).status).toBe(400);
    expect((await admin.send('POST', `${sub}/amount`, {})).status).toBe(400);
    expect((await viewer.send('POST', `${sub}/pause`)).status).toBe(403);
    expect((await viewer.get(`/schedules/${id}`)).status).toBe(200);
    expect((await stranger.get(`/schedules/${id}`)).status).toBe(404);
    expect((await stranger.send('POST', `/schedules/${id}/pause`)).status).toBe(404);
    expect((await stranger.send('POST', `${sub}/run-now`)).status).toBe(404);
    expect((await admin.send('POST', `/schedules/${id}/explode`)).status).toBe(404);
    expect((await admin.send('POST', `/schedules/${id}/subscriptions/nope/pause`)).status).toBe(404);
    expect((await admin.get('/schedules/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await deps().schedules.getSubscription(id, token))!.paused).toBe(false);
  });
});
