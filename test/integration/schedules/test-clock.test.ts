/**
 * A merchant's sandbox test clock drives a monthly schedule to its end in seconds: `clock set --merchant` moves that
 * merchant's time and runs what fell due (runner → RecurringCharge consumer), across month ends (31st → 30th/28th)
 * and a leap day. Each merchant has its own clock: advancing one runs its due schedule and not another's. A stage
 * that is not a sandbox refuses the clock and never reads it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { deps, resetDeps } from '../../../shared/entry/composition/deps.js';
import { resetConfig } from '../../../shared/lib/config.js';
import { systemClock } from '../../../shared/ports/clock.js';
import { runClockCommand } from '../../../scripts/admin/clock.js';
import { silent } from '../../../scripts/admin/progress.js';
import { eventually, postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { startMerchantServer, type MerchantServer } from '../../support/merchant-server.js';
import { saleFields } from '../../support/s2s.js';
import { createScheduleFields } from './support.js';
import { createSession, get } from '../checkout/support.js';
import { GAVE_UP_REASON } from '../../../shared/operations/reconciliation/reconcile.js';

const platform = usePlatform();
let merchant: Merchant;
let shop: MerchantServer;
const post = (fields: Record<string, unknown>) => postForm(`${platform.url}/post`, fields as never);
const clockOf =
  (m: Merchant) =>
  (...argv: string[]) =>
    runClockCommand([...argv, '--merchant', m.clientKey], { progress: silent }) as Promise<any>;
const clock = (...argv: string[]) => clockOf(merchant)(...argv);
/** What the merchant's objects read as now. */
const merchantNow = async (m: Merchant = merchant) => (await deps().clock.forMerchant!(m.clientKey, { force: true })).now();

beforeAll(async () => {
  shop = await startMerchantServer();
  merchant = await testMerchant({ notificationUrl: shop.url });
});
afterAll(async () => {
  await shop?.close();
});

/** A chain on a monthly schedule (on the 31st) whose first run is `start`. */
async function monthlyChain(start: string, paymentsCount: number, m: Merchant = merchant) {
  const created = await post(createScheduleFields(m, { day_of_month: '31', payments_count: String(paymentsCount) }));
  const scheduleId = created.body.schedule_id as string;
  const sale = await post(saleFields(m, { recurring_init: 'Y', schedule_id: scheduleId, schedule_start_date: start }));
  expect(sale.body).toMatchObject({ result: 'SUCCESS', first_recurring_date: start });
  return { scheduleId, orderId: sale.body.order_id as string, token: sale.body.recurring_token as string };
}

const runsOf = async (orderId: string, m: Merchant = merchant) =>
  (await deps().payments.findByOrder(m.clientKey, orderId, 50))
    .filter((p) => p.action === 'RECURRING_SALE')
    .map((p) => p.createdAt.slice(0, 10))
    .sort();

/** The day before a run nothing is charged; on its day (00:00 UTC) exactly that run is. */
async function expectRunsOn(orderId: string, dates: string[]) {
  for (const [i, date] of dates.entries()) {
    const eve = new Date(Date.parse(`${date}T00:00:00Z`) - 60_000).toISOString();
    expect((await clock('set', eve)).scheduledRuns, `nothing due before ${date}`).toBe(0);
    expect((await clock('set', `${date}T00:00:00Z`)).scheduledRuns, `run ${i + 1} on ${date}`).toBe(1);
    expect(await runsOf(orderId)).toEqual(dates.slice(0, i + 1));
  }
}

describe('clock on the local platform', () => {
  it('shows the real time with no offset until moved', async () => {
    const shown = await clock('show');
    expect(shown).toMatchObject({ stage: 'local', clientKey: merchant.clientKey, offsetMs: 0, offset: 'none (real time)' });
    expect(Math.abs(Date.parse(shown.now) - Date.now())).toBeLessThan(5000);
  });

  it('runs a 12-payment monthly schedule to its end across month ends (31st → 30th → 28th)', async () => {
    await clock('set', '2027-01-15T09:00:00Z');
    expect((await merchantNow()).getTime() - Date.parse('2027-01-15T09:00:00Z')).toBeLessThan(5000);
    // Without a merchant, the platform's time is the real time.
    expect(Math.abs(deps().clock.now().getTime() - Date.now())).toBeLessThan(5000);
    const chain = await monthlyChain('2027-01-31', 12);
    const dates = [
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
      '2027-06-30',
      '2027-07-31',
      '2027-08-31',
      '2027-09-30',
      '2027-10-31',
      '2027-11-30',
      '2027-12-31',
    ];
    await expectRunsOn(chain.orderId, dates);
    expect(await deps().schedules.getSubscription(chain.scheduleId, chain.token)).toMatchObject({
      state: 'ended',
      chargesMade: 12,
      endReason: 'payments_count reached',
    });
    // Each charge sent its callback, like any RECURRING_SALE.
    await eventually(
      () =>
        shop.received.filter((c) => c.fields.order_id === chain.orderId && c.fields.action === 'RECURRING_SALE').length === 12 || undefined,
    );
    // Nothing more after the end, however far the clock goes.
    expect((await clock('advance', '--by', '60d')).scheduledRuns).toBe(0);
  }, 120_000);

  it('lands on the leap day (Jan 31 → Feb 29 → Mar 31 2028), and a jump catches up every run it passes', async () => {
    await clock('reset');
    await clock('set', '2028-01-10T00:00:00Z');
    const chain = await monthlyChain('2028-01-31', 4);
    await expectRunsOn(chain.orderId, ['2028-01-31', '2028-02-29']);
    // One jump over two run dates charges both, in order.
    expect((await clock('set', '2028-05-01T00:00:00Z')).scheduledRuns).toBe(2);
    expect((await runsOf(chain.orderId)).length).toBe(4);
  }, 60_000);

  it("fires the reconciler's give-up after 24 h of clock time, with the final callback", async () => {
    // Sandbox 09/2038: the acquirer never answers and its inquiry cannot tell either.
    const sale = await post(saleFields(merchant, { card_exp_month: '09' }));
    expect(sale.body).toMatchObject({ result: 'UNDEFINED', status: 'PREPARE' });
    expect((await clock('advance', '--by', '1h')).reconciled).toBe(0);
    expect((await deps().payments.get(sale.body.trans_id))?.status).toBe('PREPARE');
    expect((await clock('advance', '--by', '1d')).reconciled).toBe(1);
    const cb = await eventually(() => shop.received.find((c) => c.fields.trans_id === sale.body.trans_id));
    expect(cb.fields).toMatchObject({ result: 'DECLINED', status: 'DECLINED', decline_reason: GAVE_UP_REASON });
  });

  it('a Checkout session expires when the clock passes its expiry (the next page request sees it)', async () => {
    const session = await createSession(platform.url, merchant);
    expect((await get(session.url)).status).toBe(200);
    await clock('advance', '--by', '30d');
    const page = await get(session.url);
    expect(page.status).toBe(410);
    expect(page.html).toContain('This payment link has expired.');
  });

  it('only moves forward; reset goes back to the real time', async () => {
    await expect(clock('set', '2020-01-01T00:00:00Z')).rejects.toThrow('only moves forward');
    await expect(clock('advance', '--by', 'soon')).rejects.toThrow('--by 14d');
    const reset = await clock('reset');
    expect(reset).toMatchObject({ offsetMs: 0 });
    expect(Math.abs((await merchantNow()).getTime() - Date.now())).toBeLessThan(5000);
    await expect(runClockCommand(['advance', '--by', '1d'], { progress: silent })).rejects.toThrow('--merchant CLIENT_KEY is required');
  });
});

describe('each merchant has its own clock', () => {
  it("advancing merchant A's clock runs A's due schedule and not B's", async () => {
    const a = await testMerchant({ notificationUrl: shop.url });
    const b = await testMerchant({ notificationUrl: shop.url });
    const chainA = await monthlyChain('2027-03-31', 3, a);
    const chainB = await monthlyChain('2027-03-31', 3, b);
    const moved = await clockOf(a)('set', '2027-03-31T00:00:00Z');
    expect(moved).toMatchObject({ clientKey: a.clientKey, scheduledRuns: 1 });
    expect(await runsOf(chainA.orderId, a)).toEqual(['2027-03-31']);
    expect(await runsOf(chainB.orderId, b)).toEqual([]);
    // B's time did not move; the stage's runner run again (as every minute) charges nothing of B's.
    expect(Math.abs((await merchantNow(b)).getTime() - Date.now())).toBeLessThan(5000);
    await platform.runScheduled('ScheduleRunner');
    expect(await deps().schedules.getSubscription(chainB.scheduleId, chainB.token)).toMatchObject({ state: 'active', chargesMade: 0 });
    // Then B's own clock runs B's.
    expect((await clockOf(b)('set', '2027-03-31T00:00:00Z')).scheduledRuns).toBe(1);
    expect(await runsOf(chainB.orderId, b)).toEqual(['2027-03-31']);
    expect((await clock('show')).offsetMs).toBe(0);
  }, 60_000);

  it('lists the clocks that moved', async () => {
    const all = (await runClockCommand(['show'], { progress: silent })) as { clientKey: string; offsetMs: number }[];
    expect(all.length).toBeGreaterThanOrEqual(2);
    expect(all.every((c) => typeof c.clientKey === 'string')).toBe(true);
  });
});

describe('a stage that is not a sandbox', () => {
  it('refuses the clock and reads the real time whatever the table holds', async () => {
    await clock('advance', '--by', '30d');
    try {
      process.env.TEST_CLOCK = 'false';
      process.env.STAGE = 'prod';
      resetConfig();
      resetDeps();
      await expect(clock('show')).rejects.toThrow('Stage "prod" is not a sandbox');
      await expect(clock('advance', '--by', '1d')).rejects.toThrow('is not a sandbox');
      await expect(runClockCommand(['show'], { progress: silent })).rejects.toThrow('is not a sandbox');
      expect(deps().clock).toBe(systemClock);
    } finally {
      Object.assign(process.env, { TEST_CLOCK: platform.env.TEST_CLOCK, STAGE: platform.env.STAGE });
      resetConfig();
      resetDeps();
    }
    await clock('reset');
  });
});
