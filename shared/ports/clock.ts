export interface Clock {
  now(): Date;
  /**
   * Re-reads where the time comes from, when it can change (the sandbox test clock). Time-driven runs call it with
   * force so they act on the time an operator just set; requests take the brief per-container cache.
   */
  refresh?(opts?: { force?: boolean }): Promise<void>;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * The sandbox test clock (docs/test-clock.md): an offset added to the real time, kept in the table. An offset rather
 * than a frozen instant, so leases, locks and timeouts that wait in real time keep working after the clock moves.
 */
export interface TestClockSetting {
  offsetMs: number;
  updatedAt: string;
  version: number;
}

export interface TestClockStore {
  get(): Promise<TestClockSetting | undefined>;
  /** Conditional on the version read (0: none yet); false when someone else moved the clock first. */
  put(setting: TestClockSetting, expectedVersion: number): Promise<boolean>;
}
