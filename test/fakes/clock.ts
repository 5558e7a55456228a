/**
 * The Clock port (shared/ports/clock.ts) held still: a test moves it itself, so a claim's lock, a VOID's day or a
 * MID's cool-down run out exactly when the test says (no test waits for the real time). And the `newId` port:
 * counting ids, so a test can name the id an operation will take.
 */
import type { Clock, TestClockSetting, TestClockStore } from '../../shared/ports/clock.js';

/** The instant the fakes start at unless a test names another. */
export const NOW = '2030-05-05T12:00:00.000Z';

export class FakeClock implements Clock {
  private at: number;

  constructor(start: string | Date = NOW) {
    this.at = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.at);
  }

  /** Moves the clock to `to`. */
  set(to: string | Date): void {
    this.at = new Date(to).getTime();
  }

  advance(ms: number): void {
    this.at += ms;
  }
}

/** `id-1`, `id-2`, … (the `newId` port). */
export function countingIds(prefix = 'id'): () => string {
  let n = 0;
  return () => `${prefix}-${++n}`;
}

/**
 * The TestClockStore port (the merchants' sandbox test clocks, same file of shared/ports) in memory, with the
 * DynamoDB adapter's rules (shared/adapters/aws/dynamo-test-clock.ts), held to it by test/contracts/test-clock.contract.ts:
 * a clock is written only over the version read (0: only if none yet); the largest offset counts none below 0; the
 * listing is in offset order.
 */
export class MemoryTestClockStore implements TestClockStore {
  private readonly clocks = new Map<string, TestClockSetting>();

  async get(clientKey: string): Promise<TestClockSetting | undefined> {
    const s = this.clocks.get(clientKey);
    return s && { ...s };
  }

  async put(clientKey: string, s: TestClockSetting, expectedVersion: number): Promise<boolean> {
    const stored = this.clocks.get(clientKey);
    if (expectedVersion === 0 ? stored !== undefined : stored?.version !== expectedVersion) return false;
    this.clocks.set(clientKey, { offsetMs: s.offsetMs, updatedAt: s.updatedAt, version: s.version });
    return true;
  }

  async maxOffsetMs(): Promise<number> {
    return Math.max(0, ...[...this.clocks.values()].map((s) => s.offsetMs));
  }

  async list(): Promise<(TestClockSetting & { clientKey: string })[]> {
    // The adapter's listing key: the offset (none below 0), then the client key.
    const order = (offsetMs: number, clientKey: string) => `${String(Math.max(0, offsetMs)).padStart(16, '0')}#${clientKey}`;
    return [...this.clocks.entries()]
      .sort(([a, x], [b, y]) => (order(x.offsetMs, a) < order(y.offsetMs, b) ? -1 : 1))
      .map(([clientKey, s]) => ({ clientKey, ...s }));
  }
}
