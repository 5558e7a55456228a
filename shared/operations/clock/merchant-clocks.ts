/**
 * The Clock of a sandbox stage (docs/test-clock.md): each merchant has its own test clock, so one merchant moving
 * its time moves only its own schedules, deadlines and expiries. `now()` without a merchant is the real time; the
 * readers of a merchant's objects take `forMerchant(client_key)` (onMerchantClock), and scans for due items across
 * merchants read up to `latest()` and keep what is due by each item's merchant.
 */
import type { Clock, TestClockStore } from '../../ports/clock.js';
import { OffsetClock } from './offset-clock.js';

/** Clocks kept per container; a container serving more merchants than this re-reads the least recent ones. */
const MAX_CACHED = 1000;

export class MerchantClocks implements Clock {
  private readonly clocks = new Map<string, OffsetClock>();
  private max: { offsetMs: number; readAt: number } | undefined;

  constructor(
    private readonly store: TestClockStore,
    private readonly ttlMs: number,
    private readonly real: () => number = Date.now,
  ) {}

  now(): Date {
    return new Date(this.real());
  }

  /** Forced (the runners): every merchant's clock is read again on its next use. */
  async refresh(opts: { force?: boolean } = {}): Promise<void> {
    if (!opts.force) return;
    this.clocks.clear();
    this.max = undefined;
  }

  async forMerchant(clientKey: string, opts: { force?: boolean } = {}): Promise<Clock> {
    let clock = this.clocks.get(clientKey);
    if (clock) this.clocks.delete(clientKey);
    else clock = new OffsetClock(() => this.store.get(clientKey), this.ttlMs, this.real);
    this.clocks.set(clientKey, clock);
    if (this.clocks.size > MAX_CACHED) this.clocks.delete(this.clocks.keys().next().value!);
    await clock.refresh(opts);
    return clock;
  }

  async latest(opts: { force?: boolean } = {}): Promise<Date> {
    if (opts.force || !this.max || this.real() - this.max.readAt >= this.ttlMs) {
      this.max = { offsetMs: await this.store.maxOffsetMs(), readAt: this.real() };
    }
    return new Date(this.real() + this.max.offsetMs);
  }
}

/**
 * `d` with the clock of `clientKey`'s objects: the merchant's test clock on a sandbox, `d` itself elsewhere. The
 * copy keeps every other port as `d` composes it (built on first use, refused when not composed).
 */
export async function onMerchantClock<D extends { clock: Clock }>(d: D, clientKey: string, opts: { force?: boolean } = {}): Promise<D> {
  const clock = await d.clock.forMerchant?.(clientKey, opts);
  if (!clock) return d;
  const ports = Object.getOwnPropertyDescriptors(d);
  return Object.defineProperties({}, { ...ports, clock: { value: clock, enumerable: true } }) as D;
}

/** Whether `at` (ISO) is due for `clientKey`'s clock; `d.clock` itself where merchants share one time. */
export async function dueFor(d: { clock: Clock }, clientKey: string, at: string, opts: { force?: boolean } = {}): Promise<boolean> {
  const clock = (await d.clock.forMerchant?.(clientKey, opts)) ?? d.clock;
  return at <= clock.now().toISOString();
}

/** The bound of a scan for due items across merchants: the latest merchant's time on a sandbox, else now. */
export async function latestNow(d: { clock: Clock }, opts: { force?: boolean } = {}): Promise<Date> {
  return (await d.clock.latest?.(opts)) ?? d.clock.now();
}
