/**
 * One merchant's Clock on a sandbox stage: the real time plus its test clock's offset, read from the table and cached
 * briefly per container like merchant config. now() stays synchronous (every rule calls it inline); a stale cache is
 * refreshed in the background, and invocations that decide by time (HTTP requests, the runners) await refresh()
 * first so they never act on a reading older than the cache's TTL — or, forced, on any older reading at all.
 */
import type { Clock, TestClockSetting } from '../../ports/clock.js';
import { logger } from '../../lib/logger.js';

export class OffsetClock implements Clock {
  private offsetMs = 0;
  private loadedAt = Number.NEGATIVE_INFINITY;
  private loading: Promise<void> | undefined;

  constructor(
    private readonly read: () => Promise<TestClockSetting | undefined>,
    private readonly ttlMs: number,
    private readonly real: () => number = Date.now,
  ) {}

  now(): Date {
    if (this.stale()) void this.refresh();
    return new Date(this.real() + this.offsetMs);
  }

  async refresh(opts: { force?: boolean } = {}): Promise<void> {
    if (!opts.force && !this.stale()) return;
    // Concurrent callers share one read; a forced caller waits for a read that started after it asked.
    if (this.loading && !opts.force) return this.loading;
    const load = (this.loading = this.load());
    try {
      await load;
    } finally {
      if (this.loading === load) this.loading = undefined;
    }
  }

  private stale(): boolean {
    return this.real() - this.loadedAt >= this.ttlMs;
  }

  private async load(): Promise<void> {
    try {
      const setting = await this.read();
      this.offsetMs = setting?.offsetMs ?? 0;
      this.loadedAt = this.real();
    } catch (err) {
      // A sandbox whose clock cannot be read keeps its last reading rather than failing payments over it.
      logger.warn('test clock unreadable, keeping the last offset', { error: (err as Error).message });
    }
  }
}
