/**
 * One-time wake-ups for APM deadlines (a QR's lifetime, a bank-code transfer's window): deployed, each payment with a
 * deadline gets its own EventBridge Scheduler one-time schedule, so nothing watches the clock in between. Locally
 * (and where no schedule group is configured) the deadline sweeper's poller plays them instead. They are armed from
 * the table's stream (operations/providers/arm-deadlines.ts), not in the request that wrote the deadline.
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

/** A payment write that gave the payment a deadline it did not have before: its wake-up is to be armed. */
export interface NewDeadline {
  transId: string;
  clientKey: string;
  /** ISO, in the merchant's time (its test clock on a sandbox). */
  deadline: string;
}

/** Reads a stream batch's records as the deadlines they created (other records are left out). */
export type NewDeadlineDecoder = (records: readonly unknown[]) => NewDeadline[];
