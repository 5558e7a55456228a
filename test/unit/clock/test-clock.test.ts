/** The sandbox test clock: the cached offset clock and the rules of moving it (fake store, no AWS). */
import { describe, expect, it } from 'vitest';
import { OffsetClock } from '../../../shared/operations/clock/offset-clock.js';
import { advanceClock, parseDuration, resetClock, setClock, showClock } from '../../../shared/operations/clock/manage.js';
import type { TestClockSetting, TestClockStore } from '../../../shared/ports/clock.js';

class MemoryStore implements TestClockStore {
  setting: TestClockSetting | undefined;
  reads = 0;
  /** Simulates another operator's write landing between our read and our write, this many times. */
  racing = 0;
  async get() {
    this.reads++;
    return this.setting && { ...this.setting };
  }
  async put(s: TestClockSetting, expected: number) {
    if ((this.setting?.version ?? 0) !== expected) return false;
    if (this.racing-- > 0) {
      this.setting = { offsetMs: (this.setting?.offsetMs ?? 0) + 1000, updatedAt: s.updatedAt, version: expected + 1 };
      return false;
    }
    this.setting = s;
    return true;
  }
}

const REAL = Date.parse('2026-11-23T12:00:00Z');
const sandbox = (store: TestClockStore) => ({ config: { TEST_CLOCK: true, STAGE: 'dev' }, testClock: store, realNow: () => REAL });

describe('parseDuration', () => {
  it('reads s, m, h, d, w and their sums', () => {
    expect(parseDuration('14d')).toBe(14 * 86_400_000);
    expect(parseDuration('1w2d')).toBe(9 * 86_400_000);
    expect(parseDuration('90m')).toBe(5_400_000);
  });
  it('refuses anything else with an example', () => {
    for (const bad of ['', '14', '1mo', '2d ', '-1d']) expect(() => parseDuration(bad)).toThrow('e.g. --by 14d');
  });
});

describe('moving the clock', () => {
  it('advances, sets forward only, and resets', async () => {
    const store = new MemoryStore();
    const d = sandbox(store);
    expect(await advanceClock(d, 86_400_000)).toMatchObject({ now: '2026-11-24T12:00:00.000Z', offset: '+1d' });
    expect(await setClock(d, '2027-01-31T00:00:00Z')).toMatchObject({ now: '2027-01-31T00:00:00.000Z' });
    await expect(setClock(d, '2027-01-01T00:00:00Z')).rejects.toThrow('clock reset');
    await expect(setClock(d, 'tomorrow')).rejects.toThrow('clock set 2027-01-31T00:00:00Z');
    await expect(advanceClock(d, 0)).rejects.toThrow('only moves forward');
    expect(await resetClock(d)).toMatchObject({ offsetMs: 0, now: '2026-11-23T12:00:00.000Z' });
    expect(store.setting?.version).toBe(3);
  });

  it('a concurrent move is read again and ours applied on top (conditional write)', async () => {
    const store = new MemoryStore();
    store.racing = 2;
    const moved = await advanceClock(sandbox(store), 60_000);
    expect(moved.offsetMs).toBe(2000 + 60_000);
  });

  it('a stage that is not a sandbox refuses every command', async () => {
    const d = { ...sandbox(new MemoryStore()), config: { TEST_CLOCK: false, STAGE: 'prod' } };
    await expect(showClock(d)).rejects.toThrow('Stage "prod" is not a sandbox');
    await expect(advanceClock(d, 1000)).rejects.toThrow('not a sandbox');
    await expect(resetClock(d)).rejects.toThrow('not a sandbox');
  });
});

describe('OffsetClock', () => {
  it('adds the stored offset, cached for the TTL; forced refresh reads at once', async () => {
    const store = new MemoryStore();
    let real = REAL;
    const clock = new OffsetClock(store, 5000, () => real);
    await clock.refresh();
    expect(clock.now().getTime()).toBe(REAL);
    store.setting = { offsetMs: 86_400_000, updatedAt: '', version: 1 };
    await clock.refresh();
    expect(clock.now().getTime()).toBe(REAL); // still cached
    await clock.refresh({ force: true });
    expect(clock.now().getTime()).toBe(REAL + 86_400_000);
    store.setting = { offsetMs: 0, updatedAt: '', version: 2 };
    real += 5000;
    await clock.refresh();
    expect(clock.now().getTime()).toBe(real);
  });

  it('keeps its last reading when the store cannot be read', async () => {
    const store = new MemoryStore();
    store.setting = { offsetMs: 1000, updatedAt: '', version: 1 };
    const clock = new OffsetClock(store, 0, () => REAL);
    await clock.refresh();
    store.get = async () => {
      throw new Error('table unavailable');
    };
    await clock.refresh();
    expect(clock.now().getTime()).toBe(REAL + 1000);
  });
});
