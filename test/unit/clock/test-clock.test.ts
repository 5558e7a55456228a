/** The merchants' sandbox test clocks: the cached offset clock, one clock per merchant, the rules of moving one (fake store, no AWS). */
import { describe, expect, it } from 'vitest';
import { OffsetClock } from '../../../shared/operations/clock/offset-clock.js';
import { MerchantClocks, onMerchantClock } from '../../../shared/operations/clock/merchant-clocks.js';
import { advanceClock, listClocks, parseDuration, resetClock, setClock, showClock } from '../../../shared/operations/clock/manage.js';
import type { TestClockSetting, TestClockStore } from '../../../shared/ports/clock.js';

class MemoryStore implements TestClockStore {
  settings = new Map<string, TestClockSetting>();
  reads = 0;
  /** Simulates another caller's write landing between our read and our write, this many times. */
  racing = 0;
  async get(clientKey: string) {
    this.reads++;
    const s = this.settings.get(clientKey);
    return s && { ...s };
  }
  async put(clientKey: string, s: TestClockSetting, expected: number) {
    const current = this.settings.get(clientKey);
    if ((current?.version ?? 0) !== expected) return false;
    if (this.racing-- > 0) {
      this.settings.set(clientKey, { offsetMs: (current?.offsetMs ?? 0) + 1000, updatedAt: s.updatedAt, version: expected + 1 });
      return false;
    }
    this.settings.set(clientKey, s);
    return true;
  }
  async maxOffsetMs() {
    return Math.max(0, ...[...this.settings.values()].map((s) => s.offsetMs));
  }
  async list() {
    return [...this.settings].map(([clientKey, s]) => ({ clientKey, ...s }));
  }
}

const REAL = Date.parse('2026-11-23T12:00:00Z');
const DAY = 86_400_000;
const sandbox = (store: TestClockStore) => ({ config: { TEST_CLOCK: true, STAGE: 'dev' }, testClock: store, realNow: () => REAL });

describe('parseDuration', () => {
  it('reads s, m, h, d, w and their sums', () => {
    expect(parseDuration('14d')).toBe(14 * DAY);
    expect(parseDuration('1w2d')).toBe(9 * DAY);
    expect(parseDuration('90m')).toBe(5_400_000);
  });
  it('refuses anything else with an example', () => {
    for (const bad of ['', '14', '1mo', '2d ', '-1d']) expect(() => parseDuration(bad)).toThrow('e.g. --by 14d');
  });
});

describe("moving a merchant's clock", () => {
  it('advances, sets forward only, and resets', async () => {
    const store = new MemoryStore();
    const d = sandbox(store);
    expect(await advanceClock(d, 'A', DAY)).toMatchObject({ clientKey: 'A', now: '2026-11-24T12:00:00.000Z', offset: '+1d' });
    expect(await setClock(d, 'A', '2027-01-31T00:00:00Z')).toMatchObject({ now: '2027-01-31T00:00:00.000Z' });
    await expect(setClock(d, 'A', '2027-01-01T00:00:00Z')).rejects.toThrow('clock reset');
    await expect(setClock(d, 'A', 'tomorrow')).rejects.toThrow('clock set 2027-01-31T00:00:00Z');
    await expect(advanceClock(d, 'A', 0)).rejects.toThrow('only moves forward');
    expect(await resetClock(d, 'A')).toMatchObject({ offsetMs: 0, now: '2026-11-23T12:00:00.000Z' });
    expect(store.settings.get('A')?.version).toBe(3);
  });

  it("moves only that merchant's clock", async () => {
    const store = new MemoryStore();
    const d = sandbox(store);
    await advanceClock(d, 'A', 14 * DAY);
    expect(await showClock(d, 'B')).toMatchObject({ clientKey: 'B', offsetMs: 0 });
    expect(await showClock(d, 'A')).toMatchObject({ offsetMs: 14 * DAY });
    expect((await listClocks(d)).map((c) => c.clientKey)).toEqual(['A']);
  });

  it('a concurrent move is read again and ours applied on top (conditional write)', async () => {
    const store = new MemoryStore();
    store.racing = 2;
    const moved = await advanceClock(sandbox(store), 'A', 60_000);
    expect(moved.offsetMs).toBe(2000 + 60_000);
  });

  it('a stage that is not a sandbox refuses every command', async () => {
    const d = { ...sandbox(new MemoryStore()), config: { TEST_CLOCK: false, STAGE: 'prod' } };
    await expect(showClock(d, 'A')).rejects.toThrow('Stage "prod" is not a sandbox');
    await expect(listClocks(d)).rejects.toThrow('not a sandbox');
    await expect(advanceClock(d, 'A', 1000)).rejects.toThrow('not a sandbox');
    await expect(resetClock(d, 'A')).rejects.toThrow('not a sandbox');
  });
});

describe('MerchantClocks', () => {
  it('gives each merchant its own time; without a merchant it is the real time; latest() is the furthest ahead', async () => {
    const store = new MemoryStore();
    store.settings.set('A', { offsetMs: 3 * DAY, updatedAt: '', version: 1 });
    store.settings.set('B', { offsetMs: DAY, updatedAt: '', version: 1 });
    const clocks = new MerchantClocks(store, 5000, () => REAL);
    expect(clocks.now().getTime()).toBe(REAL);
    expect((await clocks.forMerchant('A')).now().getTime()).toBe(REAL + 3 * DAY);
    expect((await clocks.forMerchant('B')).now().getTime()).toBe(REAL + DAY);
    expect((await clocks.forMerchant('C')).now().getTime()).toBe(REAL);
    expect((await clocks.latest()).getTime()).toBe(REAL + 3 * DAY);
  });

  it('onMerchantClock swaps only the clock and keeps the other ports as composed', async () => {
    const store = new MemoryStore();
    store.settings.set('A', { offsetMs: DAY, updatedAt: '', version: 1 });
    let built = 0;
    const d = Object.defineProperties({} as { clock: MerchantClocks; payments: object }, {
      clock: { enumerable: true, value: new MerchantClocks(store, 5000, () => REAL) },
      payments: { enumerable: true, get: () => (built++, { port: 'payments' }) },
    });
    const mine = await onMerchantClock(d, 'A');
    expect(built).toBe(0); // the lazy ports stay getters, not built by the swap
    expect(mine.clock.now().getTime()).toBe(REAL + DAY);
    expect(mine.payments).toEqual({ port: 'payments' });
    expect({ ...mine }.payments).toEqual({ port: 'payments' });
    expect(d.clock.now().getTime()).toBe(REAL);
    // A live stage's clock has no merchants: the same deps come back.
    const live = { clock: { now: () => new Date(REAL) } };
    expect(await onMerchantClock(live, 'A')).toBe(live);
  });
});

describe('OffsetClock', () => {
  it('adds the stored offset, cached for the TTL; forced refresh reads at once', async () => {
    const store = new MemoryStore();
    let real = REAL;
    const clock = new OffsetClock(
      () => store.get('A'),
      5000,
      () => real,
    );
    await clock.refresh();
    expect(clock.now().getTime()).toBe(REAL);
    store.settings.set('A', { offsetMs: DAY, updatedAt: '', version: 1 });
    await clock.refresh();
    expect(clock.now().getTime()).toBe(REAL); // still cached
    await clock.refresh({ force: true });
    expect(clock.now().getTime()).toBe(REAL + DAY);
    store.settings.set('A', { offsetMs: 0, updatedAt: '', version: 2 });
    real += 5000;
    await clock.refresh();
    expect(clock.now().getTime()).toBe(real);
  });

  it('keeps its last reading when the store cannot be read', async () => {
    let fail = false;
    const clock = new OffsetClock(
      async () => {
        if (fail) throw new Error('table unavailable');
        return { offsetMs: 1000, updatedAt: '', version: 1 };
      },
      0,
      () => REAL,
    );
    await clock.refresh();
    fail = true;
    await clock.refresh();
    expect(clock.now().getTime()).toBe(REAL + 1000);
  });
});
