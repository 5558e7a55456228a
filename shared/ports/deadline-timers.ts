/**
 * One-time wake-ups for APM deadlines (a QR's lifetime, a bank-code transfer's window): deployed, each payment with a
 * deadline gets its own EventBridge Scheduler one-time schedule, so nothing watches the clock in between. Locally
 * (and where no schedule group is configured) the deadline sweeper's poller plays them instead.
 */
export interface DeadlineTimers {
  /**
   * Wakes the deadline handler for `transId` at `realAt` (the deadline in real time: on a test clock the payment's
   * deadline is in the clock's time). Asking twice for one payment makes one wake-up.
   */
  schedule(transId: string, realAt: Date): Promise<void>;
}

/** No one-time schedules: the sweeper's poller keeps the deadlines (local platform, tests). */
export const pollerOnlyTimers: DeadlineTimers = { schedule: async () => {} };
