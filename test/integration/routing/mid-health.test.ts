/**
 * MID health (docs/routing.md "MID health") on the local platform with the sandbox connector: connector failures
 * (sandbox 10/2038: the acquirer never answers) open the rule's first MID at the threshold, once, with one log line and
 * one MidCircuitOpened metric; the next payments go to the rule's next MID without touching the open one; past the
 * cool-down (the merchant's test clock advanced, no waiting) a payment tries it again and its answer closes it, or its
 * failure opens it again. A half-open MID takes one trial payment at a time: of concurrent payments exactly one reaches
 * it and the others go to the next MID; a trial claim gone stale (the test clock advanced) is claimed again. The store
 * counts concurrent failures once each, opens a MID once and grants one trial claim.
 */
import '../../support/read-logs.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Merchant, Mid } from '../../../shared/domain/merchant.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { setRouting } from '../../../shared/operations/routing/manage.js';
import { runMidsCommand } from '../../../scripts/admin/mids.js';
import { runClockCommand } from '../../../scripts/admin/clock.js';
import { silent } from '../../../scripts/admin/progress.js';
import { DEFAULT_MID_HEALTH_POLICY, TRIAL_STALE_SECONDS } from '../../../shared/domain/mid-health.js';
import { postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { saleFields } from '../../support/s2s.js';

const platform = usePlatform({ METRICS_ENABLED: 'true' });
let merchant: Merchant;
let a: Mid;
let b: Mid;

const THRESHOLD = 3;
const COOLDOWN_SECONDS = 120;

beforeAll(async () => {
  merchant = await testMerchant({ mids: [{ name: 'a' }, { name: 'b' }] });
  const { mids } = (await deps().merchants.get(merchant.clientKey))!;
  a = mids.find((m) => m.name === 'a')!;
  b = mids.find((m) => m.name === 'b')!;
  await setRouting(deps(), merchant.clientKey, {
    health: { failureThreshold: THRESHOLD, windowSeconds: 60, cooldownSeconds: COOLDOWN_SECONDS },
    rules: [
      {
        match: {},
        mids: [
          { midId: a.midId, weight: 100 },
          { midId: b.midId, weight: 0 },
        ],
      },
    ],
  });
});

/** 01/2038 approved; 10/2038 the sandbox acquirer never answers (a connector failure, UNDEFINED). */
const sale = (month: '01' | '10') =>
  postForm(`${platform.url}/post`, saleFields(merchant, { card_exp_month: month }) as never) as Promise<{ body: any }>;
const midOf = async (transId: string) => (await deps().payments.get(transId))!;
const healthOf = async (mid: Mid) =>
  ((await runMidsCommand('list', [merchant.clientKey])) as Array<{ midId: string; health: any }>).find((m) => m.midId === mid.midId)!
    .health;
const advance = (by: string) => runClockCommand(['advance', '--by', by, '--merchant', merchant.clientKey], { progress: silent });

/** The JSON lines (log lines and EMF metrics) the platform printed while `run` ran. */
async function printed<T>(run: () => Promise<T>): Promise<{ result: T; lines: Record<string, any>[] }> {
  const chunks: string[] = [];
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    chunks.push(String(chunk));
    return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stdout.write;
  try {
    const result = await run();
    return {
      result,
      lines: chunks
        .join('')
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, any>),
    };
  } finally {
    process.stdout.write = write;
  }
}
const logged = (lines: Record<string, any>[], message: string) => lines.filter((l) => l.message === message);
const metric = (lines: Record<string, any>[], name: string) =>
  lines.filter((l) => l._aws).reduce((sum, l) => sum + (typeof l[name] === 'number' ? l[name] : 0), 0);

describe('a MID whose connector keeps failing is skipped for a cool-down', () => {
  it('concurrent failures on A count once each and open it once (one log line, one metric)', async () => {
    const { result, lines } = await printed(() => Promise.all(Array.from({ length: THRESHOLD + 1 }, () => sale('10'))));
    for (const res of result) expect(res.body).toMatchObject({ result: 'UNDEFINED', status: 'PREPARE' });
    for (const res of result) expect((await midOf(res.body.trans_id)).midId).toBe(a.midId);
    const health = await healthOf(a);
    expect(health).toMatchObject({ state: 'open', failures: THRESHOLD + 1, reopensAt: expect.any(String) });
    expect(Date.parse(health.reopensAt) - Date.parse(health.openedAt)).toBe(COOLDOWN_SECONDS * 1000);
    const opened = logged(lines, 'MID circuit opened');
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ level: 'INFO', clientKey: merchant.clientKey, midId: a.midId, failures: expect.any(Number) });
    expect(opened[0]!.failures).toBeGreaterThanOrEqual(THRESHOLD);
    expect(metric(lines, 'MidCircuitOpened')).toBe(1);
    expect(await healthOf(b)).toEqual({ state: 'closed', failures: 0 });
  });

  it('the next payments go to B, and A is neither asked nor written', async () => {
    const before = (await deps().merchants.get(merchant.clientKey))!.midHealth![a.midId];
    for (let i = 0; i < 2; i++) {
      const res = await sale('01');
      expect(res.body).toMatchObject({ result: 'SUCCESS', status: 'SETTLED' });
      const p = await midOf(res.body.trans_id);
      expect(p.midId).toBe(b.midId);
      expect(p.details.routingAttempts).toBeUndefined();
    }
    expect((await deps().merchants.get(merchant.clientKey))!.midHealth![a.midId]).toEqual(before);
  });

  it('after the cool-down A is half-open: a payment tries it, and its answer closes it', async () => {
    await advance(`${COOLDOWN_SECONDS + 1}s`);
    expect(await healthOf(a)).toMatchObject({ state: 'half-open' });
    const { result: res, lines } = await printed(() => sale('01'));
    expect(res.body).toMatchObject({ result: 'SUCCESS', status: 'SETTLED' });
    expect((await midOf(res.body.trans_id)).midId).toBe(a.midId);
    expect(await healthOf(a)).toEqual({ state: 'closed', failures: 0 });
    expect(logged(lines, 'MID circuit closed')).toEqual([
      expect.objectContaining({ level: 'INFO', clientKey: merchant.clientKey, midId: a.midId }),
    ]);
    expect(metric(lines, 'MidCircuitClosed')).toBe(1);
    // Closed again: the next payment goes to A by weight, and writes nothing about its health.
    const version = (await deps().merchants.get(merchant.clientKey))!.midHealth![a.midId]!.version;
    expect((await midOf((await sale('01')).body.trans_id)).midId).toBe(a.midId);
    expect((await deps().merchants.get(merchant.clientKey))!.midHealth![a.midId]!.version).toBe(version);
  });

  it('a failure while half-open opens A again at once', async () => {
    for (let i = 0; i < THRESHOLD; i++) await sale('10');
    expect(await healthOf(a)).toMatchObject({ state: 'open' });
    await advance(`${COOLDOWN_SECONDS + 1}s`);
    expect(await healthOf(a)).toMatchObject({ state: 'half-open' });
    const { result: res, lines } = await printed(() => sale('10'));
    expect((await midOf(res.body.trans_id)).midId).toBe(a.midId);
    expect(logged(lines, 'MID circuit opened')).toHaveLength(1);
    expect(await healthOf(a)).toMatchObject({ state: 'open' });
    expect((await midOf((await sale('01')).body.trans_id)).midId).toBe(b.midId);
  });
});

describe('a half-open MID takes one trial payment at a time', () => {
  const N = 4;
  let shop: Merchant;
  let x: Mid;
  let y: Mid;
  // 10/2038 everywhere: the trial fails and opens X again, so no later payment can reach X by right, and Y's N - 1
  // failures stay under its threshold (N): exactly one payment may have been sent to X, whatever the timing.
  const pay = (month: '01' | '10') =>
    postForm(`${platform.url}/post`, saleFields(shop, { card_exp_month: month }) as never) as Promise<{ body: any }>;
  const stateOf = async (mid: Mid) =>
    ((await runMidsCommand('list', [shop.clientKey])) as Array<{ midId: string; health: any }>).find((m) => m.midId === mid.midId)!.health;
  const step = (by: string) => runClockCommand(['advance', '--by', by, '--merchant', shop.clientKey], { progress: silent });

  beforeAll(async () => {
    shop = await testMerchant({ mids: [{ name: 'x' }, { name: 'y' }] });
    const { mids } = (await deps().merchants.get(shop.clientKey))!;
    x = mids.find((m) => m.name === 'x')!;
    y = mids.find((m) => m.name === 'y')!;
    await setRouting(deps(), shop.clientKey, {
      health: { failureThreshold: N, windowSeconds: 60, cooldownSeconds: COOLDOWN_SECONDS },
      rules: [
        {
          match: {},
          mids: [
            { midId: x.midId, weight: 100 },
            { midId: y.midId, weight: 0 },
          ],
        },
      ],
    });
    for (let i = 0; i < N; i++) await pay('10');
    expect(await stateOf(x)).toMatchObject({ state: 'open' });
  });

  it('of concurrent payments at half-open X exactly one reaches it; the others go to Y', async () => {
    await step(`${COOLDOWN_SECONDS + 1}s`);
    expect(await stateOf(x)).toMatchObject({ state: 'half-open' });
    const results = await Promise.all(Array.from({ length: N }, () => pay('10')));
    const payments = await Promise.all(results.map((r) => midOf(r.body.trans_id)));
    expect(payments.filter((p) => p.midId === x.midId)).toHaveLength(1);
    expect(payments.filter((p) => p.midId === y.midId)).toHaveLength(N - 1);
    // Those routed around X never asked it: no attempt on X is listed anywhere.
    for (const p of payments) expect((p.details.routingAttempts ?? []).map((a) => a.midId)).not.toContain(x.midId);
    // The trial failed: X is open again for another cool-down; Y took N - 1 failures and stays closed.
    expect(await stateOf(x)).toMatchObject({ state: 'open' });
    expect(await stateOf(y)).toMatchObject({ state: 'closed', failures: N - 1 });
  });

  it('a trial claim held elsewhere keeps payments off X; once stale (clock advanced) a payment claims it and closes X', async () => {
    await step(`${COOLDOWN_SECONDS + 1}s`);
    const opened = (await deps().merchants.get(shop.clientKey))!.midHealth![x.midId]!;
    // A trial claimed at the start of the half-open state by a payment that never finishes (a crashed container).
    const claimedAt = new Date(opened.reopensAt!);
    expect(await deps().merchants.claimMidTrial(shop.clientKey, x.midId, opened.openedAt!, claimedAt)).toMatchObject({ claimed: true });
    const held = await pay('01');
    expect(held.body).toMatchObject({ result: 'SUCCESS', status: 'SETTLED' });
    expect((await midOf(held.body.trans_id)).midId).toBe(y.midId);
    expect(await stateOf(x)).toMatchObject({ state: 'half-open' });

    await step(`${TRIAL_STALE_SECONDS}s`);
    const tried = await pay('01');
    expect(tried.body).toMatchObject({ result: 'SUCCESS', status: 'SETTLED' });
    expect((await midOf(tried.body.trans_id)).midId).toBe(x.midId);
    expect(await stateOf(x)).toEqual({ state: 'closed', failures: 0 });
  });
});

describe('the store', () => {
  it("grants a half-open MID's trial to exactly one of concurrent claims, and again once the claim is stale", async () => {
    const other = await testMerchant({ mids: [{ name: 'x' }] });
    const midId = (await deps().merchants.get(other.clientKey))!.mids[0]!.midId;
    const policy = { failureThreshold: 1, windowSeconds: 60, cooldownSeconds: 60 };
    const t0 = new Date();
    const { health } = await deps().merchants.recordMidFailure(other.clientKey, midId, t0, policy);
    const halfOpen = new Date(t0.getTime() + 61_000);
    // Still open: nobody may claim.
    expect((await deps().merchants.claimMidTrial(other.clientKey, midId, health.openedAt!, t0)).claimed).toBe(false);
    const claims = await Promise.all(
      Array.from({ length: 6 }, () => deps().merchants.claimMidTrial(other.clientKey, midId, health.openedAt!, halfOpen)),
    );
    expect(claims.filter((c) => c.claimed)).toHaveLength(1);
    const stale = new Date(halfOpen.getTime() + TRIAL_STALE_SECONDS * 1000);
    expect((await deps().merchants.claimMidTrial(other.clientKey, midId, health.openedAt!, stale)).claimed).toBe(true);
    // The trial's answer closes the MID and ends the trial.
    expect(await deps().merchants.closeMidCircuit(other.clientKey, midId, health.openedAt!, stale)).toBe(true);
    expect((await deps().merchants.get(other.clientKey))!.midHealth![midId]!.trialAt).toBeUndefined();
  });

  it('counts concurrent failures once each and lets exactly one of them open the MID', async () => {
    const other = await testMerchant({ mids: [{ name: 'x' }] });
    const { mids } = (await deps().merchants.get(other.clientKey))!;
    const now = new Date();
    const results = await Promise.all(
      Array.from({ length: 12 }, () => deps().merchants.recordMidFailure(other.clientKey, mids[0]!.midId, now, DEFAULT_MID_HEALTH_POLICY)),
    );
    expect(results.filter((r) => r.opened)).toHaveLength(1);
    const stored = (await deps().merchants.get(other.clientKey))!.midHealth![mids[0]!.midId]!;
    expect(stored).toMatchObject({ failures: 12, openedAt: now.toISOString() });
    // Concurrent answers close it once.
    const closes = await Promise.all(
      Array.from({ length: 5 }, () => deps().merchants.closeMidCircuit(other.clientKey, mids[0]!.midId, stored.openedAt!, now)),
    );
    expect(closes.filter(Boolean)).toHaveLength(1);
  });
});
