/**
 * Where a MID's health (shared/domain/mid-health.ts) is written: only when a connector fails, or when a MID that was
 * open answers again. Reading needs no call of its own: the merchant's configuration (MerchantDirectory.get) carries
 * it, from the same Query that loads the MIDs.
 */
import type { MidHealth, MidHealthPolicy } from '../domain/mid-health.js';

export interface MidFailureRecorded {
  /** The MID's health after this failure. */
  health: MidHealth;
  /** This failure opened the MID (or opened a half-open one again); exactly one of concurrent failures does. */
  opened: boolean;
}

export interface MidHealthStore {
  /** Counts one failure (an atomic update: concurrent failures count once each) and opens the MID when it should. */
  recordMidFailure(clientKey: string, midId: string, now: Date, policy: MidHealthPolicy): Promise<MidFailureRecorded>;
  /**
   * Closes the MID if it is still open since `openedAt` (the state routing saw); false when another request closed
   * or reopened it first.
   */
  closeMidCircuit(clientKey: string, midId: string, openedAt: string, now: Date): Promise<boolean>;
}
