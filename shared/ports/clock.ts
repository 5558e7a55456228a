export interface Clock {
  now(): Date;
  /**
   * Re-reads where the time comes from, when it can change (the sandbox test clock). Time-driven runs call it with
   * force so they act on the time an operator just set; requests take the brief per-container cache.
   */
  refresh?(opts?: { force?: boolean }): Promise<void>;
  /**
   * A sandbox's test clocks belong to merchants (docs/test-clock.md): the clock of one merchant's objects, read
   * afresh (forced) or within the brief per-container cache. Absent where every merchant has the same time (live).
   */
  forMerchant?(clientKey: string, opts?: { force?: boolean }): Promise<Clock>;
  /**
   * A sandbox: the latest time any merchant's clock shows. Scans for due items across merchants (schedules,
   * deadlines, sweeps) read up to it, then keep what is due by each item's own merchant's clock.
   */
  latest?(opts?: { force?: boolean }): Promise<Date>;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * A merchant's sandbox test clock (docs/test-clock.md): an offset added to the real time, kept in the table. An
 * offset rather than a frozen instant, so leases, locks and timeouts that wait in real time keep working after the
 * clock moves.
 */
export interface TestClockSetting {
  offsetMs: number;
  updatedAt: string;
  version: number;
}

/** The merchants' test clocks, one item each (`CLOCK#<client_key>`). */
export interface TestClockStore {
  get(clientKey: string): Promise<TestClockSetting | undefined>;
  /** Conditional on the version read (0: none yet); false when someone else moved the clock first. */
  put(clientKey: string, setting: TestClockSetting, expectedVersion: number): Promise<boolean>;
  /** The largest offset of any merchant's clock (0 when none moved ahead). */
  maxOffsetMs(): Promise<number>;
  /** Every merchant clock that was ever moved, with its client key. */
  list(): Promise<(TestClockSetting & { clientKey: string })[]>;
}
