/**
 * What every TestClockStore (shared/ports/clock.ts: the merchants' sandbox test clocks) does: the in-memory fake in
 * the unit lane, the DynamoDB adapter in the integration lane, the same assertions (payment-store.contract.ts says
 * why). The adapter's runs share one table: a test reads only its own merchants' clocks from the listing, and the
 * largest offset is asserted with an offset no other test writes.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TestClockSetting, TestClockStore } from '../../shared/ports/clock.js';

export function testClockContract(make: () => TestClockStore | Promise<TestClockStore>): void {
  const setting = (offsetMs: number, version: number): TestClockSetting => ({ offsetMs, updatedAt: '2030-05-05T12:00:00.000Z', version });
  const merchant = () => `k-${randomUUID()}`;

  describe('test clocks', () => {
    it('reads no clock for a merchant who never moved one', async () => {
      const store = await make();
      expect(await store.get(merchant())).toBeUndefined();
    });

    it('writes a clock only over the version read: 0 only when none exists yet', async () => {
      const store = await make();
      const k = merchant();
      expect(await store.put(k, setting(60_000, 1), 1)).toBe(false);
      expect(await store.put(k, setting(60_000, 1), 0)).toBe(true);
      expect(await store.put(k, setting(120_000, 2), 0)).toBe(false);
      expect(await store.put(k, setting(120_000, 2), 2)).toBe(false);
      expect(await store.put(k, setting(120_000, 2), 1)).toBe(true);
      expect(await store.get(k)).toEqual(setting(120_000, 2));
    });

    it('lists the clocks in offset order and knows the largest offset', async () => {
      const store = await make();
      const [a, b, c] = [merchant(), merchant(), merchant()];
      // Far beyond anything another test writes: the largest offset in a shared table is this one.
      const largest = 9_000_000_000_000 + Math.floor(Math.random() * 1_000_000);
      await store.put(a, setting(largest, 1), 0);
      await store.put(b, setting(5_000, 1), 0);
      await store.put(c, setting(70_000, 1), 0);
      const mine = (await store.list()).filter((s) => [a, b, c].includes(s.clientKey));
      expect(mine.map((s) => s.clientKey)).toEqual([b, c, a]);
      expect(mine[0]).toEqual({ clientKey: b, ...setting(5_000, 1) });
      expect(await store.maxOffsetMs()).toBe(largest);
    });
  });
}
